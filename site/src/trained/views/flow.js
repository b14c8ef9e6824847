// Section 12, trained: one real layer's attention (heads averaged) as arrows,
// and attention rollout (Abnar & Zuidema 2020) across the real layers, both
// from core.modelLayers. Words by default: 128 characters of arrows are a tangle.
import { arrowDiagram } from '../../charts/arrows.js';
import { heatmapGrid } from '../../charts/grid.js';
import { byUnit } from '../units.js';

const THRESHOLD = 0.1;

export default {
  choices: () => ({ layer: 0, unit: 'words' }),
  init(panel, { core }) {
    const arrows = arrowDiagram(panel.querySelector('[data-chart="trained-arrows"]'), {
      hint: 'Point at a word (or focus the diagram) to see its incoming and outgoing arrows.',
    });
    const rollout = heatmapGrid(panel.querySelector('[data-chart="trained-rollout"]'), { linked: true, minPanel: 300, labelAll: true });
    return (run, state) => {
      const { labels, attention } = byUnit(run, state.unit);
      const layers = core.modelLayers(attention);
      arrows.update({ labels, matrix: layers.mean[state.layer], threshold: THRESHOLD });
      rollout.update(layers.rollout.map((matrix, l) => ({
        title: `Rollout after layer ${l + 1}`, matrix, rowLabels: labels, colLabels: labels,
      })));
    };
  },
};
