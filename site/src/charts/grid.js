// heatmapGrid(container, options) draws small multiples: one heatmap per panel,
// laid out in as many columns as fit (each panel at least `minPanel` px wide),
// with optionally linked hover: pointing at (i, j) in one panel highlights
// (i, j) in every panel, so the same query/key pair can be compared.
//
//   const grid = heatmapGrid(el, { linked: true, minPanel: 220, domain: [0, 1] });
//   grid.update([{ title: 'Head 1', note: 'H = 1.2 nats', matrix, rowLabels, colLabels }, ...]);
//   grid.updatePanel(i, panel)   redraws panel i alone (after an update() that built it), so a
//                                caller can spread a redraw of many panels over several frames
//   grid.prepare(count)          builds the panels a larger count would add ahead of need, one
//                                per idle moment, and keeps them aside (below)
//
// Options: minPanel (220), linked (false), shared (true unless domain is
// 'auto'): one colour scale for every panel, with one legend saying so (with
// domain 'auto' the shared domain is [0, largest value of any panel], or
// symmetric around 0 when diverging); shared: false gives each panel its own
// scale and legend, labelled as such. Any other heatmap() option applies to
// every panel (hint defaults to '' here: the figure's caption gives it once).
// Panel fields: title, note (a line under the chart), and the heatmap data
// fields (matrix, rowLabels, colLabels, rowNotes, blocked).
// svgLimit (heatmap.js, 400) counts the cells of the whole figure, not of one panel:
// seven 20 x 20 panels are 2,800 SVG cells, too many to redraw within a frame, so
// above the limit every panel is painted on canvas (axes, labels and hover stay SVG).
import { select } from 'd3';
import { largest } from './largest.js';
import { heatmap, linkHover } from './heatmap.js';
import { registerChart } from './registry.js';
import { primeWidth, primedWidth, remPx } from './width.js';
import { setText } from './writes.js';
import { whenIdle } from '../ui/idle.js';

function sharedDomain(panels, diverging) {
  const hi = largest(panels.map((p) => largest(p.matrix.data, diverging) ?? Number.NaN)) || 1;
  return diverging ? [-hi, hi] : [0, hi];
}

// One column's width in px for a grid `width` px wide, as the stylesheet lays it out
// (styles/30-charts.css: repeat(auto-fill, minmax(min(100%, minPanel), 1fr)), columns
// 1.2rem apart): the first panel takes it instead of measuring itself, which is a
// forced layout of the page; its size observer corrects a wrong guess.
function columnWidth(width, minPanel) {
  const gap = 1.2 * remPx();
  const columns = Math.max(1, Math.floor((width + gap) / (minPanel + gap)));
  return Math.round((width - (columns - 1) * gap) / columns);
}

export function heatmapGrid(container, options = {}) {
  // Panels show no "hover over a cell" hint each: a caption says it once for the grid.
  const { minPanel = 220, linked = false, shared = options.domain !== 'auto', ...rest } = options;
  const heatmapOptions = { hint: '', ...rest };
  const root = select(container).classed('heatmap-grid', true);
  root.node().style.setProperty('--panel-min', `${minPanel}px`);
  const charts = [];

  // The grid's width as measured at load (width.js): the first panel's is worked out from it, once.
  let loadWidth = primedWidth(container);

  // Adds or removes panels to reach `count`, keeping the ones already drawn (a
  // heads slider from 4 to 5 appends one panel instead of rebuilding four).
  // A removed panel stays in the page, after the shown ones, as a kept panel (class
  // kept-panel instead of panel): out of the grid's flow, its content not rendered
  // (content-visibility: hidden, 30-charts.css) and inert, so no one sees, finds, focuses,
  // exports or prints it. Put back when the count grows again, it shows with the style it
  // had: put back into the page as a new subtree, four of section 15's panels were about
  // 300 elements of style and 400 objects of layout, 8-10 ms of a step. Linked hover reads
  // the current list, so added panels join the link.
  const spare = []; // kept panels, the lowest position first
  const keep = (c, kept) => {
    c.panel.classed('panel', !kept).classed('kept-panel', kept);
    c.panel.node().inert = kept;
  };
  function resize(count) {
    const removed = charts.splice(count);
    removed.forEach((c) => keep(c, true));
    spare.unshift(...removed);
    while (charts.length < count && spare.length) {
      const c = spare.shift();
      keep(c, false);
      charts.push(c);
    }
    while (charts.length < count) {
      const panel = root.append('div').attr('class', 'panel');
      const title = panel.append('h4').attr('class', 'panel-title');
      const chartEl = panel.append('div').attr('class', 'panel-chart').node();
      if (charts.length === 0 && loadWidth !== undefined) primeWidth(chartEl, columnWidth(loadWidth, minPanel));
      loadWidth = undefined;
      const chart = heatmap(chartEl, {
        ...heatmapOptions,
        // Every column of the grid is as wide (auto-fill) and has the grid's colours:
        // a new panel need not measure itself.
        like: charts[0]?.chart ?? null,
        legend: !shared || charts.length === 0,
        legendNote: shared ? 'one scale for every panel' : "this panel's own scale",
      });
      const note = panel.append('p').attr('class', 'panel-note');
      if (linked) linkHover(() => charts.map((c) => c.chart), [chart]);
      charts.push({ panel, title, chart, note });
    }
  }

  // The figure-wide facts of the last update(): its cell count (SVG or canvas) and the shared domain.
  let drawn = {};
  let lastPanels = [];
  // One panel more than are shown or kept, drawn with the first panel's data (so its axes, labels
  // and cells exist) and put aside at once, in the same task: the page never shows it.
  function buildAhead(count) {
    const shown = charts.length;
    if (!shown || shown + spare.length >= count) return false;
    resize(shown + spare.length + 1);
    updatePanel(charts.length - 1, lastPanels[0]);
    resize(shown);
    return true;
  }
  function updatePanel(i, p) {
    setText(charts[i].title, p.title || '');
    setText(charts[i].note, p.note || '');
    charts[i].chart.update({ ...p, ...drawn });
  }

  return registerChart(container, {
    update(panels) {
      lastPanels = panels;
      if (panels.length !== charts.length) resize(panels.length);
      const cells = panels.reduce((sum, p) => sum + p.matrix.rows * p.matrix.cols, 0);
      const domain = shared && rest.domain === 'auto' ? sharedDomain(panels, rest.diverging) : undefined;
      drawn = { figureCells: cells, ...(domain ? { domain } : {}) };
      panels.forEach((p, i) => updatePanel(i, p));
      return this;
    },
    updatePanel(i, p) {
      updatePanel(i, p);
      return this;
    },
    prepare(count) {
      const next = () => { if (buildAhead(count)) whenIdle(next); };
      whenIdle(next);
      return this;
    },
    get count() {
      return charts.length;
    },
    // Each panel's table, captioned with the panel's title.
    tables() {
      return charts.flatMap((c) => c.chart.tables().map((t) => ({ ...t, caption: c.title.text() })));
    },
    get charts() {
      return charts.map((c) => c.chart);
    },
  });
}
