// Section 10, layers: sentence, noise and seed -> core.layerEvolution (one
// call: six hand-built layers and their statistics) -> small multiples of the
// layers and a line chart of mean distance and mean entropy per layer.
import { bindControls } from '../ui/controls.js';
import { heatmapGrid } from '../charts/grid.js';
import { lineChart } from '../charts/line.js';
import { newSeed } from '../ui/seed.js';
import { wordReader } from '../ui/words.js';

const LAYER_NUMBERS = [1, 2, 3, 4, 5, 6];

export default {
  id: 'layers',
  init(root, core) {
    const grid = heatmapGrid(root.querySelector('[data-chart="layers"]'), {
      linked: true,
      minPanel: 280,
      maxCell: 30,
      rowTitle: 'query',
      colTitle: 'key',
      readout: (c) => `“${c.rowLabel}” → “${c.colLabel}”: ${(c.value * 100).toFixed(1)}%`,
    });
    const stats = lineChart(root.querySelector('[data-chart="stats"]'), {
      xTitle: 'layer',
      yTitle: 'words / nats',
      markers: true,
      xTicks: LAYER_NUMBERS,
      height: 260,
      format: '.2f',
    });
    const readWords = wordReader(core);
    let words = null;

    function update(changed, state) {
      const next = readWords(changed, state, controls);
      if (!next) return;
      words = next;
      try {
        const r = core.layerEvolution(words.length, { seed: state.seed, noise: state.noise });
        controls.clearErrors();
        grid.update(r.layers.map((matrix, l) => ({
          title: `Layer ${l + 1} · ${r.names[l]}`,
          note: `distance ${r.meanDistance[l].toFixed(2)} words · entropy ${r.meanEntropy[l].toFixed(2)} nats`,
          matrix,
          rowLabels: words,
          colLabels: words,
        })));
        stats.update({
          x: LAYER_NUMBERS,
          series: [
            { name: 'mean attention distance (words)', values: r.meanDistance },
            { name: 'mean entropy (nats)', values: r.meanEntropy },
          ],
          refs: [
            { y: r.uniformDistance, label: `uniform distance ${r.uniformDistance.toFixed(2)}` },
            { y: r.maxEntropy, label: `ln n = ${r.maxEntropy.toFixed(2)}` },
          ],
        });
      } catch (error) {
        controls.error(changed === 'sentence' ? 'seed' : changed, error.message);
      }
    }

    const controls = bindControls(root, update);
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    update('sentence', controls.state);
  },
};
