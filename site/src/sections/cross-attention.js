// Section 7, cross-attention: source and target sentences, seed and d_model
// -> core.crossAttention -> a target x source heatmap and the current shapes.
import { bindControls } from '../ui/controls.js';
import { heatmap } from '../charts/heatmap.js';
import { newSeed } from '../ui/seed.js';

const sumNote = (x) => `Σ ${x.toFixed(3)}`;
const shape = (m) => `${m.rows} × ${m.cols}`;

export default {
  id: 'cross-attention',
  init(root, core) {
    const chart = heatmap(root.querySelector('[data-chart="weights"]'), {
      rowTitle: 'target word (query)',
      colTitle: 'source word (key)',
      readout: (c) => `target “${c.rowLabel}” (query ${c.row + 1}) takes ${(c.value * 100).toFixed(1)}% of its output from source “${c.colLabel}” (key ${c.col + 1})`,
    });
    const shapeOut = (name) => root.querySelector(`[data-shape="${name}"]`);
    const words = { target: null, source: null }; // last good words of each sentence
    const valid = { target: false, source: false }; // does the field hold a usable sentence now?

    // Re-tokenizes one sentence; on failure shows the message beside that field.
    function tokenize(name, state) {
      try {
        words[name] = core.tokenize(state[name]);
        valid[name] = true;
        controls.error(name, '');
      } catch (error) {
        valid[name] = false;
        controls.error(name, error.message);
      }
    }

    function update(changed, state) {
      for (const name of ['target', 'source']) {
        if (changed === name || !words[name]) tokenize(name, state);
      }
      // A bad sentence keeps its message and the last good figure stays.
      if (!valid.target || !valid.source) return;
      try {
        const r = core.crossAttention(words.target, words.source, { dModel: state.dModel, seed: state.seed });
        controls.clearErrors();
        chart.update({
          matrix: r.weights,
          rowLabels: words.target,
          colLabels: words.source,
          rowNotes: Array.from(r.rowSums, sumNote),
        });
        shapeOut('Q').textContent = shape(r.Q);
        shapeOut('K').textContent = shape(r.K);
        shapeOut('weights').textContent = shape(r.weights);
        shapeOut('output').textContent = shape(r.output);
      } catch (error) {
        controls.fail(error, 'seed');
      }
    }

    const controls = bindControls(root, update);
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    update('target', controls.state);
  },
};
