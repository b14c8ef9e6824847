// Section 12, flow: sentence and seed -> core.layerEvolution (one call: the
// six hand-built layers of section 10 and their prefix rollouts). The layer
// picker and threshold redraw the matrix + arrow diagram from that result; the
// depth slider picks layer L and the rollout of layers 1..L.
import { bindControls } from '../ui/controls.js';
import { heatmap } from '../charts/heatmap.js';
import { heatmapGrid } from '../charts/grid.js';
import { arrowDiagram } from '../charts/arrows.js';
import { newSeed } from '../ui/seed.js';
import { wordReader } from '../ui/words.js';

export default {
  id: 'flow',
  init(root, core) {
    const chart = (name) => root.querySelector(`[data-chart="${name}"]`);
    const matrix = heatmap(chart('flow-matrix'), {
      rowTitle: 'query (reads)',
      colTitle: 'key (is read)',
      maxCell: 44,
      readout: (c) => `“${c.rowLabel}” takes ${(c.value * 100).toFixed(1)}% from “${c.colLabel}”`,
    });
    const arrows = arrowDiagram(chart('flow-arrows'));
    const rollout = heatmapGrid(chart('rollout'), {
      linked: true, minPanel: 260, maxCell: 40, rowTitle: 'position', colTitle: 'input word',
    });
    matrix.onHover((c) => arrows.highlight(c ? c.row : -1));
    arrows.onHover((w) => matrix.highlight(w ? w.index : -1, w ? w.index : -1));

    const readWords = wordReader(core);
    let words = null;
    let result = null;

    function drawFlow(state) {
      const weights = result.layers[Number(state.layer) - 1]; // the control counts layers from 1, as the page does
      matrix.update({ matrix: weights, rowLabels: words, colLabels: words });
      arrows.update({ labels: words, matrix: weights, threshold: state.threshold });
    }

    function drawRollout(state) {
      const l = state.depth - 1;
      rollout.update([
        { title: `Layer ${state.depth} alone · ${result.names[l]}`, matrix: result.layers[l], rowLabels: words, colLabels: words },
        { title: `Rollout of layers 1–${state.depth}`, matrix: result.rollout[l], rowLabels: words, colLabels: words },
      ]);
    }

    function recompute(changed, state) {
      const next = readWords(changed, state, controls);
      if (!next) return false;
      words = next;
      try {
        result = core.layerEvolution(words.length, { seed: state.seed });
        controls.error('seed', '');
        return true;
      } catch (error) {
        controls.error(changed === 'sentence' ? 'seed' : changed, error.message);
        return false;
      }
    }

    function update(changed, state) {
      if (changed === 'sentence' || changed === 'seed') {
        if (!recompute(changed, state)) return;
        drawFlow(state);
        drawRollout(state);
      } else if (result && (changed === 'layer' || changed === 'threshold')) {
        drawFlow(state);
      } else if (result && changed === 'depth') {
        drawRollout(state);
      }
    }

    const controls = bindControls(root, update);
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    update('sentence', controls.state);
  },
};
