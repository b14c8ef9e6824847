// heatmapGrid(container, options) draws small multiples: one heatmap per panel,
// laid out in as many columns as fit (each panel at least `minPanel` px wide),
// with optionally linked hover: pointing at (i, j) in one panel highlights
// (i, j) in every panel, so the same query/key pair can be compared.
//
//   const grid = heatmapGrid(el, { linked: true, minPanel: 220, domain: [0, 1] });
//   grid.update([{ title: 'Head 1', note: 'H = 1.2 nats', matrix, rowLabels, colLabels }, ...]);
//
// Options: minPanel (220), linked (false), and any heatmap() option, applied
// to every panel (hint defaults to '' here: the figure's caption gives it once). Panel fields: title, note (a line under the chart), and the
// heatmap data fields (matrix, rowLabels, colLabels, rowNotes, blocked).
// svgLimit (2500) counts the cells of the whole figure, not of one panel: seven
// 20 x 20 panels are 2,800 SVG elements, too many to redraw within a frame, so
// above the limit every panel is painted on canvas (axes, labels and hover stay SVG).
import { select } from 'd3';
import { heatmap, linkHover } from './heatmap.js';

export function heatmapGrid(container, options = {}) {
  // Panels show no "hover over a cell" hint each: a caption says it once for the grid.
  const { minPanel = 220, linked = false, svgLimit = 2500, ...rest } = options;
  const heatmapOptions = { hint: '', ...rest };
  const root = select(container).classed('heatmap-grid', true);
  root.node().style.setProperty('--panel-min', `${minPanel}px`);
  const charts = [];

  // Adds or removes panels to reach `count`, keeping the ones already drawn (a
  // heads slider from 4 to 5 appends one panel instead of rebuilding four).
  // Linked hover reads the current list, so added panels join the link.
  function resize(count) {
    charts.splice(count).forEach((c) => c.panel.remove());
    while (charts.length < count) {
      const panel = root.append('div').attr('class', 'panel');
      const title = panel.append('h4').attr('class', 'panel-title');
      const chart = heatmap(panel.append('div').attr('class', 'panel-chart').node(), heatmapOptions);
      const note = panel.append('p').attr('class', 'panel-note');
      if (linked) linkHover(() => charts.map((c) => c.chart), [chart]);
      charts.push({ panel, title, chart, note });
    }
  }

  return {
    update(panels) {
      if (panels.length !== charts.length) resize(panels.length);
      const cells = panels.reduce((sum, p) => sum + p.matrix.rows * p.matrix.cols, 0);
      panels.forEach((p, i) => {
        charts[i].title.text(p.title || '');
        charts[i].note.text(p.note || '');
        charts[i].chart.update({ ...p, canvas: cells > svgLimit });
      });
      return this;
    },
    get charts() {
      return charts.map((c) => c.chart);
    },
  };
}
