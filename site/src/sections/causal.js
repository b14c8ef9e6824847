// Section 6, causal self-attention: sentence and seed -> core.causalAttention
// (one call: mask, masked and unmasked weights, row entropies) -> the mask and
// the weights side by side. The mask toggle and the step slider only choose
// what to show from that result: rows 1..t of the masked or unmasked weights.
// Choosing a weight opens the computation strip: core.attentionTrace on the
// result's Q, K, V, with the mask when it is on (masked keys are crossed out).
import { bindControls } from '../ui/controls.js';
import { heatmap } from '../charts/heatmap.js';
import { newSeed } from '../ui/seed.js';
import { computationStrip } from '../ui/computation-strip.js';

const D_MODEL = 16;
const STRENGTH = 1; // positional encoding added, as in a real decoder
const MAX_WORDS = 64; // the core's limit: until the sentence is read, the step may be up to this

// The first `rows` rows of a row-major matrix, as a view (no copy, no arithmetic).
const topRows = (m, rows) => ({ rows, cols: m.cols, data: m.data.subarray(0, rows * m.cols) });

export default {
  id: 'causal',
  init(root, core) {
    const maskChart = heatmap(root.querySelector('[data-chart="mask"]'), {
      rowTitle: 'query i', colTitle: 'key j', format: '.0f', maxCell: 40,
      readout: (c) => `“${c.rowLabel}” may attend to “${c.colLabel}” (mask 0 = allowed)`,
    });
    const weightsChart = heatmap(root.querySelector('[data-chart="weights"]'), {
      rowTitle: 'step (query)', colTitle: 'key', maxCell: 40,
      readout: (c) => `“${c.rowLabel}” takes ${(c.value * 100).toFixed(1)}% from “${c.colLabel}”`,
      hint: 'Point at or tap a cell to read its weight; click, tap or press Enter on it to see how it is computed.',
    });
    const stepInput = root.querySelector('input[name="step"]');
    const readout = root.querySelector('[data-step-readout]');
    const weightsTitle = root.querySelector('[data-weights-title]');
    const maskPanel = root.querySelector('[data-chart="mask"]').closest('.pair-panel');
    let words = null;
    let result = null;
    let step = 1;
    let drawn = null; // { words, result, masked, step } of the weights on the page
    const strip = computationStrip(root.querySelector('[data-strip]'), (row) => {
      const { words: labels, result: r, masked, step: rows } = drawn;
      if (row >= rows) return null;
      const mask = masked ? r.mask : null;
      return { labels, X: r.X, Q: r.Q, K: r.K, trace: core.attentionTrace(r.Q, r.K, r.V, row, { mask }) };
    });

    const markStep = () => {
      maskChart.highlight(step - 1, step - 1);
      weightsChart.highlight(step - 1, step - 1);
    };
    [[maskChart, weightsChart], [weightsChart, maskChart]].forEach(([from, to]) => from.onHover((cell) => {
      if (cell) to.highlight(cell.row, cell.col);
      else markStep();
    }));
    strip.attach(weightsChart);

    function draw(state) {
      const n = words.length;
      step = Math.min(state.step, n);
      const row = step - 1;
      const weights = state.masked ? result.masked : result.unmasked;
      const entropy = state.masked ? result.maskedEntropy : result.unmaskedEntropy;
      maskChart.update({ matrix: result.mask, blocked: result.mask, rowLabels: words, colLabels: words });
      maskPanel.classList.toggle('is-off', !state.masked);
      weightsChart.update({
        matrix: topRows(weights, step),
        blocked: state.masked ? topRows(result.mask, step) : undefined,
        rowLabels: words.slice(0, step),
        colLabels: words,
        rowNotes: Array.from(entropy.subarray(0, step), (h) => `H ${h.toFixed(2)}`),
      });
      markStep();
      drawn = { words, result, masked: state.masked, step };
      strip.refresh();
      weightsTitle.textContent = `Attention weights, steps 1 to ${step}${state.masked ? '' : ' (mask off)'}`;
      const current = words[row];
      if (state.masked) {
        const maskRow = result.mask.data.subarray(row * n, (row + 1) * n);
        const seen = words.filter((_, j) => maskRow[j] === 0);
        readout.textContent = `At step ${step}, “${current}” sees: ${seen.join(' ')}`;
      } else {
        readout.textContent = `At step ${step}, with the mask off, “${current}” sees every word, the future ones too: ${words.join(' ')}`;
      }
    }

    function update(changed, state) {
      if (changed === 'sentence' || !words) {
        const first = !words;
        let next;
        try {
          next = core.tokenize(state.sentence);
        } catch (error) {
          controls.error('sentence', error.message);
          return;
        }
        controls.error('sentence', '');
        words = next;
        result = null;
        stepInput.max = String(words.length);
        // A new sentence shows its last step; the first draw keeps a step a link asked for.
        const wanted = first ? Math.min(state.step, words.length) : words.length;
        if (state.step !== wanted) controls.put('step', wanted); // drawn below, in this frame
      }
      if (!result || changed === 'seed') {
        try {
          result = core.causalAttention(words, { dModel: D_MODEL, seed: state.seed, positional: STRENGTH });
        } catch (error) {
          result = null; // the words are valid and d, strength fixed: only the seed can be wrong
          controls.error('seed', error.message);
          return;
        }
      }
      controls.clearErrors();
      draw(state);
    }

    stepInput.max = String(MAX_WORDS); // so a link's step is checked against the longest sentence
    const controls = bindControls(root, update).describe(() => ({ dModel: D_MODEL, positional: STRENGTH }));
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    update('sentence', controls.state);
  },
};
