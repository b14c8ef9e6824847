// Section 8, trained: the model's heads ranked by each score the core measures
// (previous-token and first-token on the learner's text, induction on fixed
// repeat probes), and the best head of each kind drawn on the text.
import { barChart } from '../../charts/bars.js';
import { heatmapGrid } from '../../charts/grid.js';
import { byUnit, headName } from '../units.js';

const SCORES = [
  { key: 'previousToken', name: 'previous-token' },
  { key: 'firstToken', name: 'first-token' },
  { key: 'induction', name: 'induction' },
];

export default {
  choices: () => ({}),
  init(panel) {
    const ranks = SCORES.map(({ key, name }, k) => barChart(panel.querySelector(`[data-chart="trained-rank-${key}"]`), {
      yTitle: `${name} score`, yDomain: [0, 1], height: 180, series: k + 1,
      readout: (bar) => `${bar.label}: ${name} score ${bar.value.toFixed(3)}`,
      hint: 'Hover over a bar to read its head and score.',
    }));
    const best = heatmapGrid(panel.querySelector('[data-chart="trained-best"]'), { minPanel: 240 });
    return (run, state) => {
      const { labels, attention } = byUnit(run, state.unit);
      const sorted = SCORES.map(({ key }) => [...run.heads].sort((a, b) => b[key] - a[key]));
      sorted.forEach((heads, k) => ranks[k].update({
        labels: heads.map((h) => `L${h.layer + 1} H${h.head + 1}`),
        values: heads.map((h) => h[SCORES[k].key]),
      }));
      best.update(sorted.map((heads, k) => {
        const h = heads[0];
        return {
          title: `Best ${SCORES[k].name} head: ${headName(h.layer, h.head)}`,
          note: `${SCORES[k].name} score ${h[SCORES[k].key].toFixed(2)}`,
          matrix: attention[h.layer][h.head], rowLabels: labels, colLabels: labels,
        };
      }));
    };
  },
};
