// Draws an exercise's figure from the question's description, with the chart
// factories the sections use: { type: 'heatmap', matrix, rowLabels, colLabels,
// rowNotes, blocked, domain, diverging, rowTitle, colTitle, format } or
// { type: 'grid', panels: [{ title, matrix, rowLabels, colLabels, ... }], ... }.
// The question's generator computed every matrix with the core; this only draws.
// -> { update(description), onSelect(fn) (heatmap only), highlight(row, col) }
import { heatmap } from '../charts/heatmap.js';
import { heatmapGrid } from '../charts/grid.js';

const CHART_OPTIONS = ['rowTitle', 'colTitle', 'format', 'domain', 'diverging', 'readout', 'hint', 'maxCell'];

function optionsOf(description) {
  const options = { maxCell: 44, hint: '' };
  CHART_OPTIONS.forEach((key) => { if (description[key] !== undefined) options[key] = description[key]; });
  return options;
}

export function exerciseFigure(container, description) {
  const el = document.createElement('div');
  el.className = 'chart';
  container.replaceChildren(el);
  if (description.type === 'grid') {
    const grid = heatmapGrid(el, { minPanel: 150, ...optionsOf(description) });
    grid.update(description.panels);
    return { update: (next) => grid.update(next.panels), onSelect() {}, highlight() {} };
  }
  const chart = heatmap(el, optionsOf(description));
  const draw = (d) => chart.update({
    matrix: d.matrix, rowLabels: d.rowLabels, colLabels: d.colLabels, rowNotes: d.rowNotes, blocked: d.blocked,
  });
  draw(description);
  return {
    update: draw,
    onSelect: (fn) => chart.onSelect(fn),
    highlight: (row, col) => chart.highlight(row, col),
  };
}
