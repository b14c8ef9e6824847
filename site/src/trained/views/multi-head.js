// Section 3, trained: every head of one chosen layer on the learner's text,
// side by side, each with its scores from the core.
import { heatmapGrid } from '../../charts/grid.js';
import { byUnit } from '../units.js';

export default {
  choices: () => ({ layer: 0 }),
  init(panel) {
    const grid = heatmapGrid(panel.querySelector('[data-chart="trained-heads"]'), { linked: true, minPanel: 300, labelAll: true });
    return (run, state) => {
      const { labels, attention } = byUnit(run, state.unit);
      grid.update(attention[state.layer].map((matrix, h) => {
        const s = run.heads.find((r) => r.layer === state.layer && r.head === h);
        return {
          title: `Layer ${state.layer + 1}, head ${h + 1}`,
          note: `previous-token ${s.previousToken.toFixed(2)} · first-token ${s.firstToken.toFixed(2)} · entropy ${s.entropy.toFixed(2)} nats`
            + (Number.isFinite(s.textInduction) ? ` · induction: random ${s.induction.toFixed(2)}, text ${s.textInduction.toFixed(2)}` : ''),
          matrix, rowLabels: labels, colLabels: labels,
        };
      }));
    };
  },
};
