// The controls every trained view shares, built into its panel on first open:
// the learner's text, characters or words, and (when the view needs them) a
// layer and a head. They are bound with bindControls like a section's own, and
// their input events stop at the panel so the section's controls never react.
//   const c = trainedControls(el, { text, layers, heads, layer, head });
//   c.state.text / unit / layer / head;  c.onChange((name, state) => ...);
//   c.error('text', message);  c.setUnknown(['é']);
import { bindControls } from '../ui/controls.js';

// Also used by section 16's head choice (sections/kv-head-controls.js): a labelled control with its
// error slot, appended to panel (whose dataset.prefix makes the id unique), and a <select>.
export function labelledControl(panel, label, input, name) {
  const box = document.createElement('div');
  box.className = 'control';
  const id = `${panel.dataset.prefix}-${name}`;
  const lab = document.createElement('label');
  lab.htmlFor = id;
  lab.textContent = label;
  input.id = id;
  input.name = name;
  const error = document.createElement('p');
  error.className = 'control-error';
  error.dataset.errorFor = name;
  error.setAttribute('aria-live', 'polite');
  error.hidden = true;
  box.append(lab, input, error);
  panel.append(box);
  return box;
}

export function selectOf(options, value) {
  const el = document.createElement('select');
  for (const [v, text] of options) el.add(new Option(text, String(v), false, String(v) === String(value)));
  return el;
}

// Layers and heads count from 1 in the controls, so in links and exports too (trained-multi-head.layer=2
// is "layer 2"); state.layer and state.head are the 0-based indices of the core's arrays.
export const numbered = (count, name) => Array.from({ length: count }, (_, i) => [i + 1, `${name} ${i + 1}`]);

// prefix: makes the element ids unique on the page (the section's id, say)
export function trainedControls(container, { prefix, text, layers, heads, layer = null, head = null, unit = 'characters' }) {
  const panel = document.createElement('div');
  // The id names the panel's parameters in the address (trained-distance.text=...),
  // apart from the section's own and from every other trained view's.
  panel.id = `trained-${prefix}`;
  panel.dataset.prefix = panel.id;
  panel.className = 'controls';
  panel.setAttribute('role', 'group');
  panel.setAttribute('aria-label', 'Trained model controls');
  const field = document.createElement('input');
  field.type = 'text';
  field.value = text;
  field.maxLength = 400;
  field.autocomplete = 'off';
  field.spellcheck = false;
  labelledControl(panel, 'Text (2 to 128 characters)', field, 'text').classList.add('control-wide');
  labelledControl(panel, 'Read by', selectOf([['characters', 'characters'], ['words', 'words']], unit), 'unit');
  if (layer !== null) labelledControl(panel, 'Layer', selectOf(numbered(layers, 'layer'), layer + 1), 'layer');
  if (head !== null) labelledControl(panel, 'Head', selectOf(numbered(heads, 'head'), head + 1), 'head');
  const unknown = document.createElement('p');
  unknown.className = 'trained-unknown';
  unknown.setAttribute('aria-live', 'polite');
  unknown.hidden = true;
  container.append(panel, unknown);

  let listener = () => {};
  const bound = bindControls(panel, (name, state) => listener(name, state));
  panel.addEventListener('input', (event) => event.stopPropagation());
  const numeric = () => ({
    ...bound.state,
    layer: Number(bound.state.layer ?? 1) - 1,
    head: Number(bound.state.head ?? 1) - 1,
  });
  return {
    get state() { return numeric(); },
    onChange(fn) { listener = (name) => fn(name, numeric()); return this; },
    set: (name, value) => bound.set(name, value),
    error: (name, message) => bound.error(name, message),
    clearErrors: () => bound.clearErrors(),
    reset: () => bound.reset(),
    // chars: the characters the model does not know (r.unknown); shown beside the text
    setUnknown(chars) {
      unknown.hidden = chars.length === 0;
      unknown.textContent = chars.length === 0 ? '' : `The model does not know ${chars.map((c) => `“${c}”`).join(', ')}: `
        + `${chars.length === 1 ? 'it reads as' : 'each reads as'} one unknown symbol (shown as �).`;
    },
  };
}
