// Section 8, trained: the model's heads ranked by each score the core measures
// (previous-token and first-token on the learner's text; induction on fixed
// repeat probes of random characters and on passages of held-out text written
// twice), and the best head of each kind drawn on the text. A head that is
// best at two roles is drawn once, its title naming both: two identical
// panels would suggest two heads. "Write it twice" puts the learner's text
// twice in the window and shows what the model makes of the repeat (twice.js).
import { barChart } from '../../charts/bars.js';
import { heatmap } from '../../charts/heatmap.js';
import { heatmapGrid } from '../../charts/grid.js';
import { byUnit, headName } from '../units.js';
import { writeTwice, repeatIn, copyLosses, copyWeight } from '../twice.js';

const SCORES = [
  { key: 'previousToken', name: 'previous-token' },
  { key: 'firstToken', name: 'first-token' },
  { key: 'induction', name: 'induction (random repeats)' },
  { key: 'textInduction', name: 'induction (text repeats)' },
];

const list = (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);
const percent = (v) => `${Math.round(v * 100)}%`;

// -> [{ head, roles: [SCORES entries] }]: the best head of each role, each head once, in role order
function bestHeads(run, scores) {
  const out = [];
  for (const role of scores) {
    const head = run.heads.reduce((a, b) => (b[role.key] > a[role.key] ? b : a));
    const seen = out.find((b) => b.head === head);
    if (seen) seen.roles.push(role);
    else out.push({ head, roles: [role] });
  }
  return out;
}

function twiceView(panel, { m, setText }) {
  const button = panel.querySelector('[data-trained-twice]');
  const readout = panel.querySelector('[data-twice-readout]');
  const figure = panel.querySelector('[data-twice-figure]');
  const chart = heatmap(figure.querySelector('[data-chart="trained-twice"]'), {
    rowTitle: 'query (attending from)', colTitle: 'key (attended to)', labelAll: true,
    readout: (c) => `“${c.rowLabel}” (query ${c.row + 1}) takes ${(c.value * 100).toFixed(1)}% from “${c.colLabel}” (key ${c.col + 1})`,
    hint: 'Point at or tap a cell (or focus the chart and use the arrow keys) to read its weight.',
  });
  let cut = false;
  let written = '';
  button.addEventListener('click', () => {
    const twice = writeTwice(panel.querySelector('input[name="text"]').value, m.config.context);
    cut = twice.cut;
    written = twice.text;
    setText(twice.text);
  });
  return (run, state) => {
    const L = repeatIn(run.tokens);
    readout.hidden = L === 0;
    figure.hidden = L === 0;
    if (L === 0) return;
    const { first, second } = copyLosses(run, L);
    // the head that looks most at the character after the earlier copy, on this text
    const best = run.heads
      .map((h) => ({ h, weight: copyWeight(run.attention[h.layer][h.head], L) }))
      .reduce((a, b) => (b.weight > a.weight ? b : a));
    const note = cut && state.text === written ? ` Your text was cut to its first ${L} characters, so that both copies fit in the model’s ${m.config.context}-character window.` : '';
    readout.textContent = `Written twice (${L} characters each). First copy: ${first.toFixed(2)} nats per character; `
      + `second copy: ${second.toFixed(2)} (${percent(second / first)} of the first). `
      + `The head that looks most at the earlier copy, ${headName(best.h.layer, best.h.head)}, gives a second-copy character `
      + `on average ${percent(best.weight)} of its weight to the character that followed it in the first copy.${note}`;
    const { labels } = byUnit(run, 'characters');
    const A = run.attention[best.h.layer][best.h.head];
    chart.update({
      matrix: A, rowLabels: labels, colLabels: labels,
      // each second-copy row's weight on its induction target, beside the row
      rowNotes: labels.map((_, i) => (i > L && i < 2 * L ? percent(A.data[i * A.cols + i - L]) : '')),
    });
    figure.querySelector('[data-twice-title]').textContent = `${headName(best.h.layer, best.h.head)} on your text written twice; beside each row of the second copy, its weight on the character after the earlier occurrence`;
  };
}

export default {
  choices: () => ({}),
  init(panel, context) {
    const ranks = SCORES.map(({ key, name }, k) => barChart(panel.querySelector(`[data-chart="trained-rank-${key}"]`), {
      yTitle: `${name} score`, yDomain: [0, 1], height: 180, series: k + 1,
      readout: (bar) => `${bar.label}: ${name} score ${bar.value.toFixed(3)}`,
      hint: 'Point at or tap a bar (or focus the chart and use the arrow keys) to read its head and score.',
    }));
    const best = heatmapGrid(panel.querySelector('[data-chart="trained-best"]'), { minPanel: 300, labelAll: true });
    const twice = twiceView(panel, context);
    return (run, state) => {
      const { labels, attention } = byUnit(run, state.unit);
      // a model file without text-repeat scores (an older one) ranks only what it has
      const scores = SCORES.filter(({ key }) => run.heads.every((h) => Number.isFinite(h[key])));
      SCORES.forEach(({ key }, k) => {
        const heads = [...run.heads].sort((a, b) => (b[key] ?? 0) - (a[key] ?? 0));
        ranks[k].update({ labels: heads.map((h) => `L${h.layer + 1} H${h.head + 1}`), values: heads.map((h) => h[key] ?? 0) });
      });
      best.update(bestHeads(run, scores).map(({ head: h, roles }) => ({
        title: `Best ${list(roles.map((r) => r.name))} head: ${headName(h.layer, h.head)}`,
        note: roles.map((r) => `${r.name} score ${h[r.key].toFixed(2)}`).join(' · '),
        matrix: attention[h.layer][h.head], rowLabels: labels, colLabels: labels,
      })));
      twice(run, state);
    };
  },
};
