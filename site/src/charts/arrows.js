// arrowDiagram(container, options) draws a square matrix as arrows between
// words placed along a line: value (i, j) becomes an arrow from word j (the
// source, a key) to word i (the target, a query), as wide and as opaque as the
// value is large. Arrows to a later word arc above the line, arrows to an
// earlier word arc below, and a word's arrow to itself is a small loop on top.
// Arrows below `threshold` are not drawn. Pointing at (or focusing) a word
// highlights its incoming and outgoing arrows and dims the rest.
// It knows nothing about attention: it draws a {rows, cols, data} matrix.
//
//   const chart = arrowDiagram(el, { maxWidth: 5 });
//   chart.update({ labels: ['The', 'cat'], matrix, threshold: 0.1 });
//   chart.highlight(1);  chart.onHover((word) => ...);  // word: {index, label} or null
//
// Options (defaults): maxWidth (5) stroke width of a value of 1, minOpacity
// (0.2) opacity of a value of 0, format ('.2f') for the readout,
// readout(word) text for a highlighted word {index, label, incoming, outgoing}
// (lists of {label, value} for the drawn arrows), hint (text before any hover).
// Values are expected in [0, 1] (wider values are clamped for width and opacity).
// Layout comes from the container's width; labels turn vertical when words are
// close together. Labels are set with textContent (D3 .text), never as HTML.
// Incoming arrows are solid and outgoing ones dashed (styles/32-arrows.css), so
// the two differ by more than colour; a key under the diagram says so. A
// focused word's readout is spoken once (charts/announce.js).
import { select, format as d3format } from 'd3';
import { registerChart } from './registry.js';
import { trackWidth } from './width.js';
import { announce } from './announce.js';

let nextId = 0;

export function arrowDiagram(container, options = {}) {
  const opts = {
    maxWidth: 5, minOpacity: 0.2, format: '.2f',
    hint: 'Point at a word (or focus it with Tab) to highlight its arrows.', ...options,
  };
  const fmt = d3format(opts.format);
  const list = (edges) => (edges.length ? edges.map((e) => `${e.label} ${fmt(e.value)}`).join(', ') : 'nothing above the threshold');
  const readoutText = opts.readout || ((w) => `“${w.label}” takes from: ${list(w.incoming)}. Gives to: ${list(w.outgoing)}.`);
  const id = `ar${nextId++}`;
  let data = null;
  let edges = [];
  let active = -1;
  const hoverListeners = [];

  const root = select(container).classed('arrow-diagram', true);
  const svg = root.append('svg').attr('role', 'img');
  const defs = svg.append('defs');
  for (const kind of ['base', 'in', 'out']) {
    defs.append('marker').attr('id', `${id}-${kind}`).attr('class', `head ${kind}`)
      .attr('viewBox', '0 0 10 10').attr('refX', 8).attr('refY', 5)
      .attr('markerWidth', 11).attr('markerHeight', 11).attr('markerUnits', 'userSpaceOnUse')
      .attr('orient', 'auto')
      .append('path').attr('d', 'M0,0 L10,5 L0,10 z');
  }
  const arrowsG = svg.append('g').attr('class', 'arrows');
  const wordsG = svg.append('g').attr('class', 'words');
  const key = root.append('ul').attr('class', 'legend arrow-key');
  key.append('li').attr('class', 'in').text('solid: arrows into the word (it takes from)');
  key.append('li').attr('class', 'out').text('dashed: arrows out of the word (it gives to)');
  const readout = root.append('p').attr('class', 'readout');

  const clamp01 = (v) => Math.min(1, Math.max(0, v));

  function edgePath(e, g) {
    const [x1, x2] = [g.x(e.source), g.x(e.target)];
    if (e.source === e.target) {
      const y = g.top;
      return `M${x1 - 5},${y} C${x1 - 16},${y - 26} ${x1 + 16},${y - 26} ${x1 + 5},${y}`;
    }
    const above = e.source < e.target;
    const y = above ? g.top : g.bottom;
    const rx = Math.abs(x2 - x1) / 2;
    return `M${x1},${y} A${rx},${Math.min(rx, g.arc)} 0 0 1 ${x2},${y}`;
  }

  function stateOf(e) {
    if (active < 0) return 'base';
    if (e.target === active) return 'in';
    if (e.source === active) return 'out';
    return 'dim';
  }

  function paint() {
    arrowsG.selectAll('path.arrow')
      .attr('class', (e) => `arrow ${stateOf(e)}`)
      .attr('marker-end', (e) => `url(#${id}-${stateOf(e) === 'dim' ? 'base' : stateOf(e)})`);
    wordsG.selectAll('g.word').classed('active', (_, i) => i === active);
    if (active < 0 || !data) {
      readout.text(opts.hint);
      return;
    }
    const named = (e, end) => ({ label: data.labels[e[end]], value: e.value });
    readout.text(readoutText({
      index: active,
      label: data.labels[active],
      incoming: edges.filter((e) => e.target === active).map((e) => named(e, 'source')),
      outgoing: edges.filter((e) => e.source === active && e.target !== active).map((e) => named(e, 'target')),
    }));
  }

  function setActive(index, notify) {
    if (index === active) return;
    active = index;
    paint();
    if (notify) hoverListeners.forEach((fn) => fn(index < 0 ? null : { index, label: data.labels[index] }));
  }

  function layout() {
    if (!data) return;
    const { rows: n, cols, data: values } = data.matrix;
    const width = Math.max(240, widthOf() || 320);
    const step = width / n;
    const longest = data.labels.reduce((m, l) => Math.max(m, String(l).length), 1);
    const vertical = longest * 7.2 + 8 > step;
    const band = vertical ? Math.min(120, longest * 7 + 10) : 26;
    const arc = Math.max(50, Math.min(150, width * 0.2));
    const top = arc + 10;
    const g = { x: (k) => (k + 0.5) * step, top, bottom: top + band, arc };
    const height = top + band + arc + 10;

    edges = [];
    const threshold = data.threshold ?? 0;
    for (let k = 0; k < values.length; k++) {
      if (values[k] >= threshold && values[k] > 0) {
        edges.push({ target: Math.floor(k / cols), source: k % cols, value: values[k] });
      }
    }
    // Strong arrows last, so they are drawn on top of the faint ones.
    const order = edges.map((e, k) => [e.value, k]).sort((a, b) => a[0] - b[0]).map(([, k]) => edges[k]);

    svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`)
      .attr('aria-label', `${edges.length} arrows between ${n} words, at or above the threshold ${fmt(threshold)}`);
    arrowsG.selectAll('path.arrow').data(order).join('path').attr('class', 'arrow')
      .attr('d', (e) => edgePath(e, g))
      .attr('stroke-width', (e) => 0.75 + opts.maxWidth * clamp01(e.value))
      .attr('opacity', (e) => opts.minOpacity + (1 - opts.minOpacity) * clamp01(e.value));

    const words = wordsG.selectAll('g.word').data(data.labels).join((enter) => {
      const w = enter.append('g').attr('class', 'word').attr('tabindex', 0);
      w.append('rect');
      w.append('text').attr('text-anchor', 'middle').attr('dy', '0.35em');
      return w;
    });
    words.attr('transform', (_, k) => `translate(${g.x(k)},${top + band / 2})`)
      .attr('aria-label', (d) => `word ${d}`);
    words.select('rect').attr('x', -step / 2 + 1).attr('width', Math.max(2, step - 2))
      .attr('y', -band / 2 + 2).attr('height', band - 4).attr('rx', 4);
    words.select('text').attr('transform', vertical ? 'rotate(-90)' : null).text((d) => d);
    words.each(function bind(_, k) {
      select(this).on('pointerenter', () => setActive(k, true)).on('pointerdown', () => setActive(k, true))
        .on('focus', () => {
          setActive(k, true);
          announce(readout.text());
        });
    });
    if (active >= n) active = -1;
    paint();
  }

  svg.on('pointerleave', (event) => { if (event.pointerType === 'mouse') setActive(-1, true); });
  const { get: widthOf } = trackWidth(container, layout); // measured once, then from ResizeObserver

  // The drawn arrows as a target x source table; an arrow below the threshold is not drawn (empty).
  function tables() {
    if (!data) return [];
    const { rows, cols } = data.matrix;
    const values = new Float64Array(rows * cols).fill(NaN);
    edges.forEach((e) => { values[e.target * cols + e.source] = e.value; });
    return [{
      caption: `arrows at or above ${fmt(data.threshold ?? 0)}`, rowTitle: 'to (query)', colTitle: 'from (key)',
      rowLabels: data.labels.map(String), colLabels: data.labels.map(String), rowNotes: null,
      values: { rows, cols, data: values }, blocked: null, format: opts.format,
    }];
  }

  return registerChart(container, {
    tables,
    update(next) {
      data = next;
      layout();
      return this;
    },
    highlight(index) {
      if (data) setActive(index >= 0 && index < data.labels.length ? index : -1, false);
      return this;
    },
    onHover(fn) {
      hoverListeners.push(fn);
      return this;
    },
    // The arrows currently drawn: [{source, target, value}].
    get edges() {
      return edges.slice();
    },
    get data() {
      return data;
    },
  });
}
