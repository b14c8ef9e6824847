// Section 2, attention patterns: n, window, stride and global tokens ->
// core.patternSet (one call: every pattern with its count of computed scores)
// -> small multiples, one panel per pattern (skipped scores hatched), with
// linked hover.
import { format } from 'd3';
import { bindControls } from '../ui/controls.js';
import { perFrame } from '../ui/frame.js';
import { heatmapGrid } from '../charts/grid.js';

// What each panel is called and where the pattern is used (the prose cites the papers).
const PANELS = {
  uniform: { title: 'Uniform', use: 'Every key, equal weight' },
  'self-focus': { title: 'Self-focus', use: 'Every key, extra weight on itself' },
  causal: { title: 'Causal', use: 'Decoder LMs such as GPT' },
  local: { title: 'Local window', use: 'Longformer, BigBird' },
  strided: { title: 'Strided (simplest form)', use: 'Same keys 0, s, 2s, … for every query' },
  'strided-relative': { title: 'Strided, relative', use: 'Sparse Transformer (Child et al. 2019)' },
  'global-local': { title: 'Global + local', use: 'Longformer, BigBird' },
};
const NAMES = Object.keys(PANELS); // the panels this section labels, in page order
const percent = format('.0%');

export default {
  id: 'patterns',
  init(root, core) {
    const grid = heatmapGrid(root.querySelector('[data-chart="patterns"]'), {
      linked: true,
      minPanel: 240,
      domain: 'auto',
      shared: true, // one colour scale: uniform 1/n must not look as strong as the 0.82 self-focus diagonal
      rowTitle: 'query',
      colTitle: 'key',
      // Canvas cells at every n (svgLimit 0): seven panels fell under the SVG limit up to n = 7,
      // and a step between SVG and canvas built or removed hundreds of cell groups.
      svgLimit: 0,
      // query → key: weight (a skipped score reads "blocked", from the chart itself)
      readout: (c) => `${c.rowLabel} → ${c.colLabel}: ${c.value.toFixed(3)}`,
    });

    function update(changed, state) {
      try {
        const set = core.patternSet(state.n, {
          window: state.window, stride: state.stride, globals: state.globals, names: NAMES,
        });
        controls.clearErrors();
        grid.update(set.map((p) => ({
          title: PANELS[p.name].title,
          note: `${PANELS[p.name].use}\n${p.computed} of ${p.total} scores (${percent(p.fraction)})`,
          matrix: p.weights,
          blocked: p.mask,
        })));
      } catch (error) {
        controls.fail(error, changed);
      }
    }

    const controls = bindControls(root, perFrame(update)); // one redraw per frame while a slider moves
    update('n', controls.state);
  },
};
