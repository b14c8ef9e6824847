// Section 1, trained: one real head on the learner's text (the strongest
// previous-token head on it by default) and that head's query-key plane
// (AttentionViz, Yeh et al. 2023): m.queryKey projects the queries and keys
// onto their two principal axes in the core; pointing at a query links it to
// the keys the head's weights give most to.
import { heatmap } from '../../charts/heatmap.js';
import { scatter } from '../../charts/scatter.js';
import { byUnit, headName } from '../units.js';

const LINKS = 3; // keys linked from a query: its three largest weights

function strongest(run, score) {
  return run.heads.reduce((best, h) => (h[score] > best[score] ? h : best));
}

function largest(row, count) {
  return Array.from(row, (value, index) => ({ index, value }))
    .sort((a, b) => b.value - a.value).slice(0, count).filter((l) => l.value > 0);
}

export default {
  choices(run) {
    const best = strongest(run, 'previousToken');
    return { layer: best.layer, head: best.head };
  },
  init(panel, { m }) {
    const chart = heatmap(panel.querySelector('[data-chart="trained-head"]'), {
      rowTitle: 'query (attending from)',
      colTitle: 'key (attended to)',
      labelAll: true, // every character keeps its label; a long text scrolls sideways
      readout: (c) => `“${c.rowLabel}” (query ${c.row + 1}) takes ${(c.value * 100).toFixed(1)}% from “${c.colLabel}” (key ${c.col + 1})`,
      hint: 'Point at or tap a cell (or focus the chart and use the arrow keys) to read its weight.',
    });
    const plane = scatter(panel.querySelector('[data-chart="trained-qk"]'), {
      xTitle: 'principal axis 1', yTitle: 'principal axis 2',
      readout: ({ label, links }) => `query “${label}” gives most weight to ${links.map((l) => `“${l.label}” (${(l.value * 100).toFixed(0)}%)`).join(', ')}`,
      hint: 'Point at a query (●), or focus the plane and use the arrow keys: lines go to the keys (■) it gives the most weight to.',
    });
    const note = panel.querySelector('[data-qk-note]');
    const title = panel.querySelector('[data-head-title]');
    return (run, state) => {
      const { labels, attention } = byUnit(run, state.unit);
      const report = run.heads.find((h) => h.layer === state.layer && h.head === state.head);
      // Section 1 names no role yet (section 8 does): the title says in plain words what the
      // previous-token score measures, on the learner's own text.
      title.textContent = `${headName(state.layer, state.head)}: on your text, each character after the first gives on average `
        + `${report.previousToken.toFixed(2)} of its weight to the one just before`;
      chart.update({ matrix: attention[state.layer][state.head], rowLabels: labels, colLabels: labels });
      const qk = m.queryKey(state.text, state.layer, state.head);
      const weights = run.attention[state.layer][state.head];
      const chars = byUnit(run, 'characters').labels;
      plane.update({
        groups: [{ name: 'queries', points: qk.queries, labels: chars }, { name: 'keys', points: qk.keys, labels: chars }],
        links: (i) => largest(weights.data.subarray(i * weights.cols, (i + 1) * weights.cols), LINKS),
      });
      note.textContent = `This plane keeps ${(qk.explained * 100).toFixed(0)}% of the variance of the ${qk.queries.rows} queries and `
        + `${qk.keys.rows} keys of ${headName(state.layer, state.head)} (one point per character, whatever “Read by” says). `
        + 'The head scores a key by the dot product q·k, which is not a distance: a query near a key in the plane often gives it '
        + 'weight, but not always, and the lines show the weights the head really computed.';
    };
  },
};
