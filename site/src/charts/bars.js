// barChart(container, options) draws one bar per label with optional
// horizontal reference lines (a ceiling such as ln n) and a hover readout.
// It knows nothing about attention: values are plain numbers.
//
//   const chart = barChart(el, { yTitle: 'entropy (nats)' });
//   chart.update({ labels: ['a', 'b'], values: Float64Array, refs: [{ y: 2.3, label: 'ln 10' }] });
//
// Options (defaults): xTitle, yTitle (''), yDomain ('auto' = [0, largest value
// or ref], or [lo, hi]), height (200), format ('.2f') for values and readout,
// series (1: bars in --series-1; 1..6), valueLabels (true: the value above each
// bar when bars are wide enough), readout(bar) text for a hovered bar
// {index, label, value}, hint (readout text before any hover).
// Layout comes from the container's width; labels rotate when bars are narrow;
// reference labels sit in the right margin, clear of the bars.
// Labels are set with textContent (D3 .text), never as HTML.
// Keyboard: the SVG is focusable and the arrow keys (Home, End) walk the bars,
// spoken once per key press; a tap shows a bar's readout on touch screens.
import { select, scaleBand, scaleLinear, max as d3max, format as d3format } from 'd3';
import { drawRefs } from './refs.js';
import { drawAxis } from './axis.js';
import { registerChart } from './registry.js';
import { trackWidth } from './width.js';
import { announce } from './announce.js';
import { rowMove } from './keys.js';
import { set, setText, attrs, texts } from './writes.js';

export function barChart(container, options = {}) {
  const opts = {
    xTitle: '', yTitle: '', yDomain: 'auto', height: 200, format: '.2f', series: 1, valueLabels: true,
    hint: 'Hover over or tap a bar (or focus the chart and use the arrow keys) to read its value.', ...options,
  };
  const fmt = d3format(opts.format);
  const readoutText = opts.readout || ((b) => `${b.label}: ${fmt(b.value)}`);
  let data = null;
  let active = -1;

  const root = select(container).classed('bar-chart', true);
  const svg = root.append('svg').attr('role', 'img').attr('tabindex', 0);
  const plot = svg.append('g');
  const yAxis = plot.append('g').attr('class', 'axis y');
  const baseline = plot.append('line').attr('class', 'baseline');
  const barsG = plot.append('g').attr('class', `bars s${opts.series}`);
  const labelsG = plot.append('g').attr('class', 'labels');
  const refsG = plot.append('g').attr('class', 'refs');
  const xTitle = svg.append('text').attr('class', 'axis-title').attr('text-anchor', 'middle');
  const yTitle = svg.append('text').attr('class', 'axis-title').attr('text-anchor', 'middle');
  const readout = root.append('p').attr('class', 'readout');

  const barIndex = (hit) => Array.prototype.indexOf.call(barsG.node().children, hit.parentNode);

  function show(index) {
    active = index;
    barsG.selectAll('g.bar').classed('active', (_, i) => i === index);
    if (index < 0 || !data) readout.text(opts.hint);
    else readout.text(readoutText({ index, label: data.labels[index], value: data.values[index] }));
  }

  function layout() {
    if (!data) return;
    const width = Math.max(200, widthOf() || 320);
    const n = data.values.length;
    const band = (width - 60) / Math.max(1, n);
    const longest = data.labels.reduce((m, l) => Math.max(m, String(l).length), 1);
    const rotate = longest * 7 > band;
    const margin = { top: 16, right: data.refs && data.refs.length ? 76 : 12, bottom: (rotate ? Math.min(90, 12 + longest * 5.2) : 22) + (opts.xTitle ? 18 : 0), left: 52 };
    const w = width - margin.left - margin.right;
    const h = opts.height - margin.top - margin.bottom;
    const top = d3max([...Array.from(data.values), ...(data.refs || []).map((r) => r.y)]) || 1;
    const [lo, hi] = opts.yDomain === 'auto' ? [0, top] : opts.yDomain;
    const x = scaleBand().domain(data.labels.map((_, i) => i)).range([0, w]).padding(0.18);
    const y = scaleLinear().domain([lo, hi]).nice().range([h, 0]).clamp(true);
    const showValues = opts.valueLabels && x.bandwidth() >= 26;

    // Every write below only where the value changed (writes.js): a step of a slider changes
    // the bars' heights and numbers, and rewriting the rest made the browser lay it all out again.
    set(svg, {
      width, height: opts.height, viewBox: `0 0 ${width} ${opts.height}`,
      'aria-label': `Bar chart, ${opts.yTitle || 'value'} for ${n} bars. Arrow keys read the bars; “Show numbers” gives a table.`,
    });
    set(plot, { transform: `translate(${margin.left},${margin.top})` });
    drawAxis(yAxis, 'left', y, { ticks: Math.max(2, Math.floor(h / 35)) });
    set(baseline, { x1: 0, x2: w, y1: y(lo), y2: y(lo) });

    const bars = barsG.selectAll('g.bar').data(Array.from(data.values)).join((enter) => {
      const g = enter.append('g').attr('class', 'bar');
      g.append('rect').attr('class', 'fill');
      g.append('text').attr('class', 'value').attr('text-anchor', 'middle');
      // A bar's hover reads its index when it fires, so the listener is bound once, at creation.
      g.append('rect').attr('class', 'hit')
        .on('pointerenter', function enter() { show(barIndex(this)); })
        .on('pointerdown', function down() { show(barIndex(this)); });
      return g;
    });
    attrs(bars, 'transform', (_, i) => `translate(${x(i)},0)`);
    const fills = bars.select('rect.fill');
    attrs(fills, 'width', x.bandwidth());
    attrs(fills, 'y', (v) => y(v));
    attrs(fills, 'height', (v) => Math.max(0, y(lo) - y(v)));
    const numbers = bars.select('text.value');
    attrs(numbers, 'x', x.bandwidth() / 2);
    attrs(numbers, 'y', (v) => y(v) - 4);
    texts(numbers, (v) => (showValues ? fmt(v) : ''));
    const hits = bars.select('rect.hit');
    attrs(hits, 'width', x.step());
    attrs(hits, 'x', -x.step() * x.padding() / 2);
    attrs(hits, 'height', h);

    set(labelsG, { transform: `translate(0,${h})` });
    const labels = labelsG.selectAll('text').data(data.labels).join('text');
    attrs(labels, 'transform', (_, i) => (rotate
      ? `translate(${x(i) + x.bandwidth() / 2},8) rotate(-50)`
      : `translate(${x(i) + x.bandwidth() / 2},15)`));
    attrs(labels, 'text-anchor', rotate ? 'end' : 'middle');
    texts(labels, (d) => d);

    drawRefs(refsG, data.refs, w, y, 'right');
    setText(xTitle, opts.xTitle);
    set(xTitle, { x: margin.left + w / 2, y: opts.height - 4 });
    setText(yTitle, opts.yTitle);
    set(yTitle, { transform: `translate(13,${margin.top + h / 2}) rotate(-90)` });
  }

  svg.on('pointerleave', (event) => { if (event.pointerType === 'mouse') show(-1); });
  svg.on('keydown', (event) => {
    const i = data ? rowMove(event, active, data.values.length) : null;
    if (i === null) return;
    event.preventDefault();
    show(i);
    announce(readout.text());
  });
  const { get: widthOf } = trackWidth(container, layout); // measured once, then from ResizeObserver

  function tables() {
    if (!data) return [];
    return [{
      caption: '', rowTitle: opts.xTitle || 'bar', colTitle: '',
      rowLabels: data.labels.map(String), colLabels: [opts.yTitle || 'value'],
      rowNotes: null, values: { rows: data.values.length, cols: 1, data: data.values }, blocked: null, format: opts.format,
    }];
  }

  return registerChart(container, {
    tables,
    update(next) {
      data = next;
      layout();
      show(active < next.values.length ? active : -1);
      return this;
    },
    get data() {
      return data;
    },
  });
}
