// lineChart(container, options) draws one or more series against a shared x
// axis, with a legend and a hover readout of the nearest x. It knows nothing
// about attention: series are plain arrays.
//
//   const chart = lineChart(el, { xTitle: 'position', yTitle: 'value' });
//   chart.update({ x: [0, 1, ...], series: [{ name: 'dim 0', values: Float64Array }, ...], refs });
//
// Options (defaults): xTitle, yTitle (''), yDomain ('auto' = extent of the data,
// 'zero' = from 0 (or the lowest value, if below 0) to the largest, or [lo, hi]: fixed,
// values beyond it drawn at its edge), height (240), markers (false: dots on each point;
// 'auto': dots while there are at most 32 x positions, where they stay apart), xScale
// ('linear', or 'symlog': a logarithmic axis that keeps 0, so offsets 0-5 are not
// squeezed beside 100; or 'log': base 2, for lengths 64 .. 16384), yScale ('linear', or
// 'log': for counts that grow as n and n^2; values must then be > 0), yFormat (the y
// ticks' d3-format; a log axis then labels only the ticks that fit), format ('.3f') for
// readout values, xFormat (String) for the readout's x, xTicks (null = automatic, an
// array of x values to tick, e.g. [1, 2, 3] for layers, or ([lo, hi]) -> such an array,
// for ticks that follow the data).
// Data: x (numbers, default 0..len-1); xDomain ([lo, hi], default the extent of x);
// yDomain ([lo, hi], fixed for this update, as the option);
// series [{ name, values, kind, x }], drawn in --series-1..6 colours (kind: a class
// series-<kind> for the line and its legend entry, e.g. 'previous', drawn faint;
// x: the series' own x values, for a curve to compare with, which the readout
// and the table leave out);
// refs: horizontal reference lines [{ y, label }] (e.g. ln n);
// marks: vertical lines at x values [{ x, label, kind }] (e.g. a training step).
// Keyboard: the SVG is focusable and the arrow keys (Home, End) walk the x
// positions, spoken once per key press; a tap shows the readout on touch screens.
import { select, pointer, scaleLinear, scaleSymlog, scaleLog, extent, format as d3format, bisectCenter } from 'd3';
import { drawRefs, drawMarks } from './refs.js';
import { registerChart } from './registry.js';
import { trackWidth } from './width.js';
import { announce } from './announce.js';
import { rowMove } from './keys.js';
import { drawsSame } from './equal.js';
import { drawAxis } from './axis.js';
import { plotFrame } from './plot-frame.js';
import { attrs, set, setText, texts } from './writes.js';

const SERIES_COLOURS = 6;
const MARKERS_UP_TO = 32; // x positions with markers: 'auto'

function yExtent(domain, values) {
  if (Array.isArray(domain)) return [...domain];
  const [lo, hi] = extent(values);
  return domain === 'zero' ? [Math.min(0, lo), Math.max(0, hi)] : [lo, hi];
}

// The SVG path through the points (x(i), y(values[i])): straight segments, as
// d3.line() with its default linear curve draws them (null for no points). Our
// own, not d3-shape's: that package's dist file keeps all its curves, symbols
// and stacks in the bundle (~5 KB gzipped) for this one use.
function polyline(values, x, y) {
  let d = '';
  for (let i = 0; i < values.length; i++) d += `${i ? 'L' : 'M'}${x(i)},${y(values[i])}`;
  return d || null;
}

export function lineChart(container, options = {}) {
  const opts = { xTitle: '', yTitle: '', yDomain: 'auto', height: 240, markers: false, format: '.3f', xFormat: String, xTicks: null, ...options };
  const fmt = d3format(opts.format);
  let data = null;
  let active = -1; // index of the x position under the cursor

  const root = select(container).classed('line-chart', true);
  const frame = plotFrame(root);
  const { svg, plot, xAxis, yAxis } = frame;
  const refsG = plot.append('g').attr('class', 'refs');
  const linesG = plot.append('g').attr('class', 'lines');
  const marksG = plot.append('g').attr('class', 'marks');
  const cursor = plot.append('line').attr('class', 'cursor').attr('visibility', 'hidden');
  const hit = plot.append('rect').attr('class', 'hit');
  const legend = root.append('ul').attr('class', 'legend');
  const readout = root.append('p').attr('class', 'readout');
  const hint = 'Hover over or tap the chart (or focus it and use the arrow keys) to read the values.';
  let scales = null;

  function layout() {
    if (!data) return;
    const width = Math.max(240, widthOf() || 320);
    const margin = { top: 10, right: 16, bottom: 42, left: 56 };
    const w = width - margin.left - margin.right;
    const h = opts.height - margin.top - margin.bottom;
    const xs = data.x || Array.from(data.series[0]?.values || [], (_, i) => i);
    const all = data.series.flatMap((s) => Array.from(s.values)).concat((data.refs || []).map((r) => r.y));
    const fixed = data.yDomain || (Array.isArray(opts.yDomain) ? opts.yDomain : null);
    const yDomain = fixed ? [...fixed] : yExtent(opts.yDomain, all);
    if (yDomain[0] === yDomain[1]) yDomain[1] = yDomain[0] + 1;
    const xDomain = data.xDomain || extent(xs);
    if (xDomain[0] === xDomain[1]) xDomain[1] = xDomain[0] + 1;
    const xKind = { symlog: () => scaleSymlog(), log: () => scaleLog().base(2) }[opts.xScale] || scaleLinear;
    const x = xKind().domain(xDomain).range([0, w]);
    const markers = opts.markers === 'auto' ? xs.length <= MARKERS_UP_TO : opts.markers;
    const y = (opts.yScale === 'log' ? scaleLog() : scaleLinear()).domain(yDomain).nice().range([h, 0]).clamp(Boolean(fixed));
    scales = { x, y, xs };

    // Writes only what changed (writes.js): a chart handed new values keeps its frame, titles and legend.
    frame.place({
      width, height: opts.height, margin, xTitle: opts.xTitle, yTitle: opts.yTitle,
      label: `Line chart, ${opts.yTitle} against ${opts.xTitle}: ${data.series.map((s) => s.name).join(', ')}. `
        + 'Arrow keys read the values; “Show numbers” gives a table.',
    });
    const ticks = typeof opts.xTicks === 'function' ? opts.xTicks(extent(xs)) : opts.xTicks;
    drawAxis(xAxis, 'bottom', x, ticks ? { values: ticks, format: opts.xFormat } : { ticks: Math.max(2, Math.floor(w / 70)) });
    drawAxis(yAxis, 'left', y, { ticks: Math.max(2, Math.floor(h / 40)), format: opts.yFormat || undefined });

    const groups = linesG.selectAll('g.series').data(data.series).join((enter) => {
      const g = enter.append('g');
      g.append('path');
      return g;
    });
    attrs(groups, 'class', (s, i) => `series s${(i % SERIES_COLOURS) + 1}${s.kind ? ` series-${s.kind}` : ''}`);
    attrs(groups.select('path'), 'd', (s) => polyline(s.values, (i) => x((s.x || xs)[i]), y));
    const dots = groups.selectAll('circle').data((s) => (markers ? Array.from(s.values) : []))
      .join((enter) => enter.append('circle').attr('r', 3));
    attrs(dots, 'cx', (_, i) => x(xs[i]));
    attrs(dots, 'cy', (v) => y(v));
    drawRefs(refsG, data.refs, w, y);
    drawMarks(marksG, data.marks, h, x);
    set(hit, { width: w, height: h });
    set(cursor, { y1: 0, y2: h });

    const items = legend.selectAll('li').data(data.series).join('li');
    attrs(items, 'class', (s, i) => `s${(i % SERIES_COLOURS) + 1}${s.kind ? ` series-${s.kind}` : ''}`);
    texts(items, (s) => s.name);
    if (active >= xs.length) active = -1;
    show(active);
  }

  // Puts the cursor on x position i (or hides it, i = -1) and writes the readout.
  function show(i) {
    active = i;
    if (i < 0 || !scales) {
      set(cursor, { visibility: 'hidden' });
      setText(readout, hint);
      return;
    }
    cursor.attr('visibility', 'visible').attr('x1', scales.x(scales.xs[i])).attr('x2', scales.x(scales.xs[i]));
    const shared = data.series.filter((s) => !s.x);
    readout.text(`${opts.xTitle || 'x'} ${opts.xFormat(scales.xs[i])}: ${shared.map((s) => `${s.name} ${fmt(s.values[i])}`).join(' · ')}`);
  }

  const pointAt = (event) => {
    if (!data || !scales) return;
    const [px] = pointer(event, hit.node());
    show(bisectCenter(scales.xs, scales.x.invert(px)));
  };
  hit.on('pointermove', pointAt);
  hit.on('pointerdown', pointAt);
  svg.on('pointerleave', (event) => { if (event.pointerType === 'mouse') show(-1); });
  svg.on('keydown', (event) => {
    const i = scales ? rowMove(event, active, scales.xs.length) : null;
    if (i === null) return;
    event.preventDefault();
    show(i);
    announce(readout.text());
  });

  const { get: widthOf } = trackWidth(container, layout); // measured once, then from ResizeObserver

  function tables() {
    if (!data) return [];
    const xs = data.x || Array.from(data.series[0]?.values || [], (_, i) => i);
    const shared = data.series.filter((s) => !s.x);
    const values = Float64Array.from(xs.flatMap((_, i) => shared.map((s) => s.values[i])));
    return [{
      caption: '', rowTitle: opts.xTitle || 'x', colTitle: opts.yTitle,
      rowLabels: xs.map((x) => String(opts.xFormat(x))), colLabels: shared.map((s) => s.name),
      rowNotes: null, values: { rows: xs.length, cols: shared.length, data: values }, blocked: null, format: opts.format,
    }];
  }

  return registerChart(container, {
    tables,
    // Data equal to what is drawn (equal.js) draws nothing: a section that redraws all its
    // charts when one control changed most often hands most of them what they show.
    update(next) {
      if (drawsSame(data, next)) return this;
      data = next;
      layout();
      return this;
    },
    get data() {
      return data;
    },
  });
}
