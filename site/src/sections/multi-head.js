// Section 3, multi-head attention: sentence, heads, d_model and seed ->
// core.multiHead (one call) -> the shapes of each step and one heatmap per
// head, with linked hover across heads. Choosing a cell of a head opens the
// computation strip for that head (core.attentionTrace on its Q, K, V, d_k wide).
import { bindControls } from '../ui/controls.js';
import { heatmapGrid } from '../charts/grid.js';
import { newSeed } from '../ui/seed.js';
import { wordReader } from '../ui/words.js';
import { computationStrip } from '../ui/computation-strip.js';

const shape = (m) => `${m.rows} × ${m.cols}`;

// Which control a core or facade Error is about (error.field), and what to say there.
// Heads and d_model limit each other (the core refuses heads above d_model, and a
// d_model that is not a multiple of heads): that message goes to whichever of the
// two the learner just changed, in its terms, never to the one left alone.
function culpritOf(error, changed, state) {
  const pair = (error.field === 'heads' && state.heads > state.dModel) || (error.field === 'dModel' && state.dModel % state.heads !== 0);
  if (pair && changed === 'heads') return ['heads', `${state.heads} heads do not divide d_model = ${state.dModel}: choose fewer heads or another d_model.`];
  if (pair) return ['dModel', `d_model must be a multiple of the ${state.heads} heads; got ${state.dModel}.`];
  if (['dModel', 'heads', 'seed'].includes(error.field)) return [error.field, error.message];
  return [changed === 'sentence' ? 'seed' : changed, error.message];
}

// The steps of the computation with the current result's shapes, as plain text.
function shapeSteps(r) {
  const head = r.heads[0];
  const h = r.heads.length;
  const each = h === 1 ? 'the head' : `each of the ${h} heads`;
  return [
    `inputs X: ${shape(r.X)} (n × d_model)`,
    `Q, K, V of ${each}: ${shape(head.Q)} (n × d_k, d_k = ${r.dK})`,
    `weights of ${each}: ${shape(head.weights)} (n × n)`,
    `output of ${each}: ${shape(head.output)} (n × d_k)`,
    `concatenated heads: ${shape(r.concat)} (n × d_model)`,
    `output = concat · W_O (${shape({ rows: r.concat.cols, cols: r.output.cols })}): ${shape(r.output)}`,
  ];
}

export default {
  id: 'multi-head',
  init(root, core) {
    const grid = heatmapGrid(root.querySelector('[data-chart="heads"]'), {
      linked: true,
      minPanel: 240,
      // Canvas cells at every number of heads (svgLimit 0, numbers painted where they fit): up to
      // 8 heads of a short sentence fell under the SVG limit, and every head's numbers change with
      // the heads, d_model, seed and mask (8 heads first shown: about 290 SVG cell groups built).
      svgLimit: 0,
      rowTitle: 'query',
      colTitle: 'key',
      readout: (c) => `“${c.rowLabel}” → “${c.colLabel}”: ${(c.value * 100).toFixed(1)}%`,
    });
    const steps = root.querySelector('[data-shapes]');
    const readWords = wordReader(core);
    let words = null;
    let drawn = null; // { words, result, mask } of the heads on the page
    const strip = computationStrip(root.querySelector('[data-strip]'), (row, h) => {
      const { words: labels, result: r, mask } = drawn;
      const head = r.heads[h];
      if (!head || row >= labels.length) return null;
      return {
        labels, X: r.X, Q: head.Q, K: head.K, head: `head ${h + 1}`, heads: r.heads.length,
        trace: core.attentionTrace(head.Q, head.K, head.V, row, { mask }),
      };
    });
    const attached = new WeakSet(); // the grid makes new charts when the number of heads changes

    function update(changed, state) {
      const next = readWords(changed, state, controls);
      if (!next) return;
      words = next;
      try {
        const r = core.multiHead(words, {
          dModel: state.dModel, heads: Number(state.heads), seed: state.seed, causal: state.causal,
        });
        // The same mask applies to every head (section 6 explains it); hatched, not drawn as zeros.
        const blocked = state.causal ? core.causalMask(words.length) : null;
        controls.clearErrors();
        steps.replaceChildren(...shapeSteps(r).map((text) => {
          const li = document.createElement('li');
          li.textContent = text;
          return li;
        }));
        drawn = { words, result: r, mask: blocked };
        grid.update(r.heads.map((head, i) => ({
          title: `Head ${i + 1}`,
          matrix: head.weights,
          rowLabels: words,
          colLabels: words,
          blocked,
        })));
        grid.charts.forEach((chart, h) => {
          if (!attached.has(chart)) strip.attach(chart, h);
          attached.add(chart);
        });
        strip.refresh();
      } catch (error) {
        controls.clearErrors(); // an older message about the other control of the pair goes
        controls.error(...culpritOf(error, changed, state));
      }
    }

    const controls = bindControls(root, update);
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    update('sentence', controls.state);
  },
};
