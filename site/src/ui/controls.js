// Binds a section's form controls (declared in its HTML partial) to a small
// state object, and shows errors next to the control that caused them.
//
// Markup contract, inside the section:
//   <input name="seed" ...>            any input/select/textarea with a name
//   <output data-value-for="seed">     optional: shows the current value
//   <p class="control-error" data-error-for="seed" aria-live="polite" hidden></p>
// Values are parsed by the control's type: number/range -> Number, checkbox ->
// Boolean, everything else -> String. Error text is set with textContent:
// learner text is never inserted as HTML.

function readValue(el) {
  if (el.type === 'checkbox') return el.checked;
  if (el.type === 'number' || el.type === 'range') return el.value === '' ? NaN : Number(el.value);
  return el.value;
}

export function bindControls(root, onChange) {
  const controls = new Map();
  root.querySelectorAll('input[name], select[name], textarea[name]').forEach((el) => {
    if (el.type === 'radio' && controls.has(el.name)) return;
    controls.set(el.name, el);
  });

  const state = {};
  const showValue = (name) => {
    const out = root.querySelector(`[data-value-for="${name}"]`);
    if (out) out.textContent = String(state[name]);
  };
  const radioValue = (name) => root.querySelector(`input[name="${name}"]:checked`)?.value;

  for (const [name, el] of controls) {
    state[name] = el.type === 'radio' ? radioValue(name) : readValue(el);
    showValue(name);
  }

  root.addEventListener('input', (event) => {
    const el = event.target;
    if (!el.name || !controls.has(el.name)) return;
    state[el.name] = el.type === 'radio' ? radioValue(el.name) : readValue(el);
    showValue(el.name);
    onChange(el.name, state);
  });

  return {
    state,
    // Sets a control's value from code (a "new seed" button, say) and reacts as to input.
    set(name, value) {
      const el = controls.get(name);
      if (el.type === 'checkbox') el.checked = Boolean(value);
      else el.value = String(value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    error(name, message) {
      const box = root.querySelector(`[data-error-for="${name}"]`);
      const el = controls.get(name);
      if (el) el.setAttribute('aria-invalid', message ? 'true' : 'false');
      if (!box) return;
      box.textContent = message || '';
      box.hidden = !message;
    },
    clearErrors() {
      for (const name of controls.keys()) this.error(name, '');
    },
  };
}
