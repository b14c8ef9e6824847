// Section 8, trained: the model's heads ranked by each score the core measures
// (previous-token and first-token on the learner's text, induction on fixed
// repeat probes), and the best head of each kind drawn on the text. A head that
// is best at two roles is drawn once, its title naming both: two identical
// panels would suggest two heads.
import { barChart } from '../../charts/bars.js';
import { heatmapGrid } from '../../charts/grid.js';
import { byUnit, headName } from '../units.js';

const SCORES = [
  { key: 'previousToken', name: 'previous-token' },
  { key: 'firstToken', name: 'first-token' },
  { key: 'induction', name: 'induction' },
];

const list = (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

// -> [{ head, roles: [SCORES entries] }]: the best head of each role, each head once, in role order
function bestHeads(run) {
  const out = [];
  for (const role of SCORES) {
    const head = run.heads.reduce((a, b) => (b[role.key] > a[role.key] ? b : a));
    const seen = out.find((b) => b.head === head);
    if (seen) seen.roles.push(role);
    else out.push({ head, roles: [role] });
  }
  return out;
}

export default {
  choices: () => ({}),
  init(panel) {
    const ranks = SCORES.map(({ key, name }, k) => barChart(panel.querySelector(`[data-chart="trained-rank-${key}"]`), {
      yTitle: `${name} score`, yDomain: [0, 1], height: 180, series: k + 1,
      readout: (bar) => `${bar.label}: ${name} score ${bar.value.toFixed(3)}`,
      hint: 'Point at or tap a bar (or focus the chart and use the arrow keys) to read its head and score.',
    }));
    const best = heatmapGrid(panel.querySelector('[data-chart="trained-best"]'), { minPanel: 300, labelAll: true });
    return (run, state) => {
      const { labels, attention } = byUnit(run, state.unit);
      SCORES.forEach(({ key }, k) => {
        const heads = [...run.heads].sort((a, b) => b[key] - a[key]);
        ranks[k].update({ labels: heads.map((h) => `L${h.layer + 1} H${h.head + 1}`), values: heads.map((h) => h[key]) });
      });
      best.update(bestHeads(run).map(({ head: h, roles }) => ({
        title: `Best ${list(roles.map((r) => r.name))} head: ${headName(h.layer, h.head)}`,
        note: roles.map((r) => `${r.name} score ${h[r.key].toFixed(2)}`).join(' · '),
        matrix: attention[h.layer][h.head], rowLabels: labels, colLabels: labels,
      })));
    };
  },
};
