// Section 16's choice of which layer and head the attention figure shows,
// built from the loaded model's own shape (m.config.layers, m.config.heads)
// when the model first loads, so a model of another shape gets its own choices.
// The group is bound like a trained view's controls (id trained-kv-cache:
// links carry trained-kv-cache.layer=2, layers and heads counted from 1 as the
// page shows them) and restores a link's choice when it is built.
//   const view = headControls(container, m.config, () => redraw());
//   view.layer, view.head (0-based, the core's indices); view.inputs(); view.reset()
import { bindControls } from '../ui/controls.js';
import { labelledControl, selectOf, numbered } from '../trained/controls.js';

export function headControls(container, config, onChange) {
  const panel = document.createElement('div');
  panel.id = 'trained-kv-cache';
  panel.dataset.prefix = panel.id;
  panel.className = 'controls';
  panel.setAttribute('role', 'group');
  panel.setAttribute('aria-label', 'Which head the attention figure shows');
  labelledControl(panel, 'Layer', selectOf(numbered(config.layers, 'layer'), config.layers), 'layer');
  labelledControl(panel, 'Head', selectOf(numbered(config.heads, 'head'), 1), 'head');
  container.append(panel);
  const bound = bindControls(panel, () => onChange());
  panel.addEventListener('input', (event) => event.stopPropagation()); // not the section's own controls
  return {
    get layer() { return Number(bound.state.layer) - 1; },
    get head() { return Number(bound.state.head) - 1; },
    inputs: () => bound.inputs(),
    reset: () => bound.reset(),
  };
}
