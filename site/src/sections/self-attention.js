// Section 1, self-attention: sentence, seed and d_model -> core.selfAttention
// -> one heatmap of the weights with each row's sum beside it; choosing a cell
// opens the computation strip, which retraces that row with core.attentionTrace.
import { bindControls } from '../ui/controls.js';
import { heatmap } from '../charts/heatmap.js';
import { newSeed } from '../ui/seed.js';
import { wordReader } from '../ui/words.js';
import { computationStrip } from '../ui/computation-strip.js';

const format3 = (x) => `Σ ${x.toFixed(3)}`;

export default {
  id: 'self-attention',
  init(root, core) {
    const chart = heatmap(root.querySelector('[data-chart="weights"]'), {
      rowTitle: 'query (attending from)',
      colTitle: 'key (attended to)',
      readout: (c) => `“${c.rowLabel}” (query ${c.row + 1}) takes ${(c.value * 100).toFixed(1)}% of its output from “${c.colLabel}” (key ${c.col + 1})`,
      hint: 'Point at or tap a cell (or focus the chart and use the arrow keys) to read its value; click, tap or press Enter on it to see how it is computed.',
    });
    const readWords = wordReader(core);
    let words = null;
    let drawn = null; // { words, result } of the heatmap on the page
    const strip = computationStrip(root.querySelector('[data-strip]'), (row) => {
      const { words: labels, result: r } = drawn;
      if (row >= labels.length) return null;
      return { labels, X: r.X, Q: r.Q, K: r.K, trace: core.attentionTrace(r.Q, r.K, r.V, row) };
    }).attach(chart);

    function update(changed, state) {
      const next = readWords(changed, state, controls);
      if (!next) return;
      words = next;
      try {
        const result = core.selfAttention(words, { dModel: state.dModel, seed: state.seed });
        drawn = { words, result };
        controls.clearErrors();
        chart.update({
          matrix: result.weights,
          rowLabels: words,
          colLabels: words,
          rowNotes: Array.from(result.rowSums, format3),
        });
        strip.refresh();
      } catch (error) {
        controls.error(changed === 'sentence' ? 'seed' : changed, error.message);
      }
    }

    const controls = bindControls(root, update);
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    update('sentence', controls.state);
  },
};
