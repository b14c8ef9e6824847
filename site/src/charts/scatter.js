// scatter(container, options) draws two or more kinds of labelled points in one
// plane with equal units on both axes, a legend, and links: pointing at (or
// focusing, then moving with the arrow keys through) a point of the first kind
// highlights the points `links(i)` names, with a line to each as wide as its
// value, and dims the rest. It knows nothing about attention: points are plain
// numbers (the query-key view of section 1 passes queries, keys and the row of
// the head's weights).
//
//   const chart = scatter(el, { xTitle: 'axis 1', yTitle: 'axis 2' });
//   chart.update({ groups: [{ name: 'queries', points, labels }, { name: 'keys', points, labels }],
//                  links: (i) => [{ index: 3, value: 0.8 }, ...] });   // points: Matrix (n x 2)
//   chart.highlight(i);   chart.highlighted   // the active point of the first group, or null
//
// Options (defaults): height (320) in px; xTitle, yTitle (''); maxWidth (6)
// line width of a value of 1; format ('.2f') of the readout's values;
// readout({ label, links: [{ label, value }] }) text for the active point;
// hint (readout text before any hover). Labels use textContent, never HTML.
import { select, pointer, scaleLinear, extent, format as d3format } from 'd3';
import { trackWidth } from './width.js';
import { registerChart } from './registry.js';
import { drawsSame } from './equal.js';
import { drawAxis } from './axis.js';
import { plotFrame } from './plot-frame.js';
import { attrs, classes, setText, texts } from './writes.js';

const SHAPES = ['circle', 'rect'];

export function scatter(container, options = {}) {
  const opts = { height: 320, xTitle: '', yTitle: '', maxWidth: 6, format: '.2f', readout: null, hint: '', ...options };
  const fmt = d3format(opts.format);
  let data = null;
  let active = null;
  let scales = null;

  const root = select(container).classed('scatter-chart', true);
  const frame = plotFrame(root);
  const { svg, plot, xAxis, yAxis } = frame;
  const linksG = plot.append('g').attr('class', 'links');
  const pointsG = plot.append('g').attr('class', 'points');
  const legend = root.append('ul').attr('class', 'legend');
  const readout = root.append('p').attr('class', 'readout').attr('aria-live', 'polite');

  const xy = (group, i) => [group.points.data[2 * i], group.points.data[2 * i + 1]];
  const all = () => data.groups.flatMap((g, k) => Array.from({ length: g.points.rows }, (_, i) => ({ k, i, p: xy(g, i) })));

  function layout() {
    if (!data) return;
    const width = Math.max(240, widthOf() || 320);
    const margin = { top: 10, right: 16, bottom: 42, left: 48 };
    const w = width - margin.left - margin.right;
    const h = opts.height - margin.top - margin.bottom;
    const points = all();
    const [x0, x1] = extent(points, (d) => d.p[0]);
    const [y0, y1] = extent(points, (d) => d.p[1]);
    // Equal units on both axes: a distance in the plane reads the same either way.
    const unit = Math.min(w / ((x1 - x0) || 1), h / ((y1 - y0) || 1)) * 0.92;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const x = scaleLinear().domain([cx - w / 2 / unit, cx + w / 2 / unit]).range([0, w]);
    const y = scaleLinear().domain([cy - h / 2 / unit, cy + h / 2 / unit]).range([h, 0]);
    scales = { x, y };
    frame.place({
      width, height: opts.height, margin, xTitle: opts.xTitle, yTitle: opts.yTitle,
      label: `${data.groups.map((g) => `${g.points.rows} ${g.name}`).join(' and ')} in one plane`,
    });
    drawAxis(xAxis, 'bottom', x, { ticks: Math.max(2, Math.floor(w / 80)) });
    drawAxis(yAxis, 'left', y, { ticks: Math.max(2, Math.floor(h / 50)) });
    // Every write below is made only where the value changed: a step of a slider moves the
    // points, and rewriting their classes, shapes and labels too made the browser lay out
    // and restyle all of them (section 14's pairs: about half of a step's layout).
    const groups = pointsG.selectAll('g.group').data(data.groups).join('g');
    attrs(groups, 'class', (_, k) => `group s${k + 1}`);
    groups.each(function drawGroup(group, k) {
      const shape = SHAPES[k % SHAPES.length];
      const marks = select(this).selectAll('g.point').data(Array.from({ length: group.points.rows }, (_, i) => i))
        .join((enter) => {
          const g = enter.append('g').attr('class', 'point').attr('data-group', k).attr('data-index', (i) => i);
          if (shape === 'circle') g.append('circle').attr('r', 4);
          else g.append('rect').attr('x', -3.5).attr('y', -3.5).attr('width', 7).attr('height', 7);
          g.append('text').attr('dy', '-0.5em').attr('text-anchor', 'middle');
          return g;
        });
      attrs(marks, 'transform', (i) => `translate(${x(xy(group, i)[0])},${y(xy(group, i)[1])})`);
      texts(marks.select('text'), (i) => group.labels[i]);
    });
    const items = legend.selectAll('li').data(data.groups).join('li');
    attrs(items, 'class', (_, k) => `s${k + 1}`);
    texts(items, (g, k) => `${SHAPES[k % SHAPES.length] === 'circle' ? '●' : '■'} ${g.name}`);
    paint();
  }

  function paint() {
    if (!data || !scales) return;
    const [from, to] = data.groups;
    const links = active === null ? [] : data.links(active).filter((l) => l.index < to.points.rows);
    const linked = new Set(links.map((l) => l.index));
    const points = pointsG.selectAll('g.point');
    classes(points, 'active', function isActive() { return active !== null && this.dataset.group === '0' && Number(this.dataset.index) === active; });
    classes(points, 'linked', function isLinked() { return this.dataset.group === '1' && linked.has(Number(this.dataset.index)); });
    classes(points, 'dim', function isDim() {
      if (active === null) return false;
      const i = Number(this.dataset.index);
      return this.dataset.group === '0' ? i !== active : !linked.has(i);
    });
    const [ax, ay] = active === null ? [0, 0] : xy(from, active);
    linksG.selectAll('line').data(links).join('line')
      .attr('x1', scales.x(ax)).attr('y1', scales.y(ay))
      .attr('x2', (l) => scales.x(xy(to, l.index)[0])).attr('y2', (l) => scales.y(xy(to, l.index)[1]))
      .attr('stroke-width', (l) => Math.max(0.5, Math.min(1, l.value) * opts.maxWidth));
    if (active === null) {
      setText(readout, opts.hint);
      return;
    }
    const described = { label: from.labels[active], links: links.map((l) => ({ label: to.labels[l.index], value: l.value })) };
    readout.text(opts.readout ? opts.readout(described)
      : `${described.label}: ${described.links.map((l) => `${l.label} ${fmt(l.value)}`).join(', ')}`);
  }

  function nearestQuery(event) {
    const [px, py] = pointer(event, plot.node());
    const group = data.groups[0];
    let best = null;
    let bestD = Infinity;
    for (let i = 0; i < group.points.rows; i++) {
      const [gx, gy] = xy(group, i);
      const d = (scales.x(gx) - px) ** 2 + (scales.y(gy) - py) ** 2;
      if (d < bestD) { bestD = d; best = i; }
    }
    return bestD <= 24 ** 2 ? best : null;
  }

  svg.on('pointermove', (event) => {
    if (!data || !scales) return;
    const i = nearestQuery(event);
    if (i !== null && i !== active) { active = i; paint(); }
  });
  svg.on('keydown', (event) => {
    if (!data) return;
    const n = data.groups[0].points.rows;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    active = active === null ? 0 : (active + step + n) % n;
    paint();
  });

  const { get: widthOf } = trackWidth(container, layout); // measured once, then from ResizeObserver

  // "Show numbers" and the exports: one table per kind of point, its two coordinates per label.
  function tables() {
    if (!data) return [];
    return data.groups.map((g) => ({
      caption: g.name, rowTitle: 'point', colTitle: '', rowLabels: g.labels.map(String),
      colLabels: [opts.xTitle || 'x', opts.yTitle || 'y'], rowNotes: null,
      values: { rows: g.points.rows, cols: 2, data: g.points.data }, blocked: null, format: opts.format,
    }));
  }

  return registerChart(container, {
    tables,
    update(next) {
      if (drawsSame(data, next)) return this; // what is drawn already (equal.js; links: the same function)
      data = next;
      if (active !== null && active >= data.groups[0].points.rows) active = null;
      layout();
      return this;
    },
    highlight(i) { active = i; paint(); return this; },
    get highlighted() { return active; },
  });
}
