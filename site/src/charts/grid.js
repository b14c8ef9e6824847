// heatmapGrid(container, options) draws small multiples: one heatmap per panel,
// laid out in as many columns as fit (each panel at least `minPanel` px wide),
// with optionally linked hover: pointing at (i, j) in one panel highlights
// (i, j) in every panel, so the same query/key pair can be compared.
//
//   const grid = heatmapGrid(el, { linked: true, minPanel: 220, domain: [0, 1] });
//   grid.update([{ title: 'Head 1', note: 'H = 1.2 nats', matrix, rowLabels, colLabels }, ...]);
//   grid.updatePanel(i, panel)   redraws panel i alone (after an update() that built it), so a
//                                caller can spread a redraw of many panels over several frames
//
// Options: minPanel (220), linked (false), and any heatmap() option, applied
// to every panel (hint defaults to '' here: the figure's caption gives it once). Panel fields: title, note (a line under the chart), and the
// heatmap data fields (matrix, rowLabels, colLabels, rowNotes, blocked).
import { select } from 'd3';
import { heatmap, linkHover } from './heatmap.js';

export function heatmapGrid(container, options = {}) {
  // Panels show no "hover over a cell" hint each: a caption says it once for the grid.
  const { minPanel = 220, linked = false, ...rest } = options;
  const heatmapOptions = { hint: '', ...rest };
  const root = select(container).classed('heatmap-grid', true);
  root.node().style.setProperty('--panel-min', `${minPanel}px`);
  let charts = [];

  function build(count) {
    root.selectAll('.panel').remove();
    charts = Array.from({ length: count }, () => {
      const panel = root.append('div').attr('class', 'panel');
      const title = panel.append('h4').attr('class', 'panel-title');
      const chart = heatmap(panel.append('div').attr('class', 'panel-chart').node(), heatmapOptions);
      const note = panel.append('p').attr('class', 'panel-note');
      return { panel, title, chart, note };
    });
    if (linked) linkHover(charts.map((c) => c.chart));
  }

  function updatePanel(i, p) {
    charts[i].title.text(p.title || '');
    charts[i].note.text(p.note || '');
    charts[i].chart.update(p);
  }

  return {
    update(panels) {
      if (panels.length !== charts.length) build(panels.length);
      panels.forEach((p, i) => updatePanel(i, p));
      return this;
    },
    updatePanel(i, p) {
      updatePanel(i, p);
      return this;
    },
    get count() {
      return charts.length;
    },
    get charts() {
      return charts.map((c) => c.chart);
    },
  };
}
