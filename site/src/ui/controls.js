// Binds a section's form controls (declared in its HTML partial) to a small
// state object, shows messages next to the control they are about, keeps the
// state in the address, and can put every control back to its default.
//
// Markup contract, inside the section:
//   <input name="seed" ...>            any input/select/textarea with a name
//   <output data-value-for="seed">     optional: shows the current value
//   <p class="control-error" data-error-for="seed" aria-live="polite" hidden></p>
//   data-page-switch on a control: bound (address, Copy link, Reset) but not
//   passed to the section's onChange (the page's own code listens to it)
// Values are parsed by the control's type: number/range -> Number, checkbox ->
// Boolean, everything else -> String. Text is set with textContent: learner
// text is never inserted as HTML.
//
// What it does for every section, so section modules need not:
// - checks each input against its control's own rules (ui/validate.js) before
//   the section sees it; a value it refuses gets a message for people beside
//   the control, the section keeps its last good state, and the figures are
//   marked out of date (ui/stale.js) while any message is shown;
// - restores the state from the address (ui/url-state.js) before the section's
//   first draw, ignoring (with a visible note) any value the control would
//   refuse, and writes each change back;
// - reset(): every control back to its default, one input event at a time,
//   so the section redraws exactly as if the learner had moved them.
// - says beside a text field when a paste was cut to its maxlength (ui/paste-cut.js).
// controlsOf(root) gives page tools (export, Copy link, Reset) the section's controls.
import { problemWith, humanize } from './validate.js';
import { readParams, writeParam } from './url-state.js';
import { markStale } from './stale.js';
import { linkNote } from './link-note.js';
import { watchPasteCuts } from './paste-cut.js';

const registry = new WeakMap();

export function controlsOf(root) {
  return registry.get(root) || null;
}

// What a link to the section carries: { prefix: { name: raw } } for the section's
// controls not at their default, and for each group of controls bound inside it
// under its own id (a trained view's) while that group is shown.
export function linkValues(section) {
  const roots = [section, ...section.querySelectorAll('[id]')].filter((el) => registry.has(el) && !el.closest('[hidden]'));
  return Object.fromEntries(roots.map((el) => [el.id, registry.get(el).changed()]));
}

function readValue(el) {
  if (el.type === 'checkbox') return el.checked;
  if (el.type === 'number' || el.type === 'range') return el.value === '' ? NaN : Number(el.value);
  return el.value;
}

// A control's value as a string (what the address holds), and its default.
function rawOf(el, root) {
  if (el.type === 'checkbox') return el.checked ? '1' : '0';
  if (el.type === 'radio') return root.querySelector(`input[name="${el.name}"]:checked`)?.value ?? '';
  return el.value;
}
function defaultOf(el, root) {
  if (el.type === 'checkbox') return el.defaultChecked ? '1' : '0';
  if (el.type === 'radio') {
    return Array.from(root.querySelectorAll(`input[name="${el.name}"]`)).find((r) => r.defaultChecked)?.value ?? '';
  }
  if (el.tagName === 'SELECT') return (Array.from(el.options).find((o) => o.defaultSelected) || el.options[0])?.value ?? '';
  return el.defaultValue;
}
function applyRaw(el, raw, root) {
  if (el.type === 'checkbox') el.checked = raw === '1';
  else if (el.type === 'radio') root.querySelectorAll(`input[name="${el.name}"]`).forEach((r) => { r.checked = r.value === raw; });
  else el.value = raw;
}

export function bindControls(root, onChange) {
  if (!root.id) throw new Error('bindControls: the root element needs an id (it names its parameters in the address)');
  const controls = new Map();
  root.querySelectorAll('input[name], select[name], textarea[name]').forEach((el) => {
    if (el.type === 'radio' && controls.has(el.name)) return;
    controls.set(el.name, el);
  });
  const defaults = new Map(Array.from(controls, ([name, el]) => [name, defaultOf(el, root)]));
  const invalid = new Map(); // name -> message about the value in the field (checked here)
  const reported = new Map(); // name -> message the section reported (e.g. the core refused it)
  const resetHooks = [];
  const extraInputs = [];

  // Values from the address: used if the control would accept them, else noted and ignored.
  const ignored = [];
  for (const [name, raw] of readParams(root.id)) {
    const el = controls.get(name);
    const problem = el ? problemWith(el, raw) : 'this section has no such setting.';
    if (problem) ignored.push({ name, raw, problem });
    else applyRaw(el, raw, root);
  }
  linkNote(root, ignored);
  watchPasteCuts(root);

  const state = {};
  const showValue = (name) => {
    const out = root.querySelector(`[data-value-for="${name}"]`);
    if (out) out.textContent = String(state[name]);
  };
  for (const [name, el] of controls) {
    state[name] = el.type === 'radio' ? rawOf(el, root) : readValue(el);
    showValue(name);
  }

  function render(name) {
    const message = invalid.get(name) || reported.get(name) || '';
    const el = controls.get(name);
    if (el) el.setAttribute('aria-invalid', message ? 'true' : 'false');
    const box = root.querySelector(`[data-error-for="${name}"]`);
    if (box) {
      box.textContent = message;
      box.hidden = !message;
    }
    markStale(root, invalid.size + reported.size > 0);
  }

  // Takes a control's value into the state (and the address) -> whether it was a good one.
  function accept(el) {
    const { name } = el;
    const raw = rawOf(el, root);
    const problem = problemWith(controls.get(name), raw);
    if (problem) {
      invalid.set(name, problem);
      render(name);
      return false; // the section keeps its last good value for this control
    }
    const wasInvalid = invalid.delete(name);
    if (wasInvalid) render(name);
    state[name] = el.type === 'radio' ? raw : readValue(el);
    showValue(name);
    writeParam(root.id, name, raw === defaults.get(name) ? null : raw);
    return true;
  }

  root.addEventListener('input', (event) => {
    const el = event.target;
    if (!el.name || !controls.has(el.name)) return;
    // A page-level switch (data-page-switch: which view is shown) has its own listener.
    if (accept(el) && !('pageSwitch' in el.dataset)) onChange(el.name, state);
  });

  const api = {
    state,
    // Sets a control's value from code (a "new seed" button, say) and reacts as to input.
    set(name, value) {
      const el = controls.get(name);
      if (el.type === 'checkbox') el.checked = Boolean(value);
      else el.value = String(value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    // Sets a control's value from code without reacting: for a section that draws with it at
    // once (a new n moves section 17's step to its last tile in the same frame, not the next).
    put(name, value) {
      const el = controls.get(name);
      if (el.type === 'checkbox') el.checked = Boolean(value);
      else el.value = String(value);
      accept(el);
    },
    // A message from the section about a control (e.g. the core refused the sentence).
    // Sections clear every message on each good update: nothing to redraw unless one changes.
    error(name, message) {
      const next = message ? humanize(message, controls.get(name)) : undefined;
      if (reported.get(name) === next) return;
      if (next) reported.set(name, next);
      else reported.delete(name);
      render(name);
    },
    // A thrown Error from the core's API: its message goes next to the control of the
    // option it concerns (error.field, which the facade sets; `as` maps an option to
    // the section's control where their names differ), else next to `fallback`.
    fail(error, fallback, as = {}) {
      const field = as[error.field] ?? error.field;
      const known = field && root.querySelector(`[data-error-for="${field}"]`);
      this.error(known ? field : fallback, error.message);
    },
    // Clears the section's messages, those of its controls and of its other slots (a
    // section's 'run', say); a field that holds a refused value keeps its own.
    clearErrors() {
      for (const name of new Set([...controls.keys(), ...reported.keys()])) this.error(name, '');
    },
    // { name: raw string } of the controls not at their default: what a link carries.
    changed() {
      const out = {};
      for (const [name, el] of controls) {
        const raw = invalid.has(name) ? null : rawOf(el, root);
        if (raw !== null && raw !== defaults.get(name)) out[name] = raw;
      }
      return out;
    },
    // The inputs behind the figures (exports' JSON): the controls' state plus
    // anything the section adds with describe(() => ({ ... })).
    // A choice among numbers (a <select> of layers or heads) is a number there, as number fields are.
    inputs() {
      const typed = { ...state };
      for (const [name, el] of controls) {
        if (el.tagName === 'SELECT' && el.value.trim() !== '' && Number.isFinite(Number(el.value))) typed[name] = Number(el.value);
      }
      return Object.assign(typed, ...extraInputs.map((fn) => fn()));
    },
    describe(fn) {
      extraInputs.push(fn);
      return this;
    },
    // Every control back to its default, then the section's own reset hooks.
    reset() {
      linkNote(root, []);
      for (const [name, el] of controls) {
        if (invalid.has(name) || rawOf(el, root) !== defaults.get(name)) {
          applyRaw(el, defaults.get(name), root);
          el.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }
      resetHooks.forEach((fn) => fn());
    },
    onReset(fn) {
      resetHooks.push(fn);
      return this;
    },
  };
  registry.set(root, api);
  return api;
}
