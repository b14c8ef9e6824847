// rowBars(container, options) draws one row of numbers as bars from a zero
// baseline (up for positive, down for negative), a label under each, one bar
// marked as the chosen one with its value written above, and bars marked as
// excluded drawn hollow, crossed out and marked ×. It knows nothing about attention.
//
//   const chart = rowBars(el, { format: '.3f' });
//   chart.update({ labels, values, active: 2, excluded: [false, false, true] });
//
// Options (defaults): height (120) in px; format ('.3f') of the values;
// domain ('auto' = from min(0, smallest) to max(0, largest), or [lo, hi]);
// label ('values'): what the bars are, read out with every bar's label and value.
// Every bar keeps its exact number in data-value and says whether it is
// excluded in data-excluded. Labels are set with textContent, never as HTML.
import { select, scaleBand, scaleLinear, format as d3format, min as d3min, max as d3max } from 'd3';
import { trackWidth } from './width.js';

export function rowBars(container, options = {}) {
  const opts = { height: 120, format: '.3f', domain: 'auto', label: 'values', ...options };
  const fmt = d3format(opts.format);
  let data = null;

  const root = select(container).classed('row-bars', true);
  const svg = root.append('svg').attr('role', 'img');
  const plot = svg.append('g');
  const baseline = plot.append('line').attr('class', 'baseline');
  const barsG = plot.append('g').attr('class', 'bars');
  const labelsG = plot.append('g').attr('class', 'labels');

  function layout() {
    if (!data) return;
    const n = data.values.length;
    const values = Array.from(data.values);
    const excluded = data.excluded || values.map(() => false);
    const width = Math.max(160, widthOf() || 320);
    const longest = data.labels.reduce((m, l) => Math.max(m, String(l).length), 1);
    const band = (width - 16) / Math.max(1, n);
    const rotate = longest * 7 > band;
    const margin = { top: 16, right: 8, bottom: rotate ? Math.min(80, 12 + longest * 5.2) : 20, left: 8 };
    const w = width - margin.left - margin.right;
    const h = opts.height - margin.top - margin.bottom;
    const [lo, hi] = opts.domain === 'auto'
      ? [Math.min(0, d3min(values)), Math.max(0, d3max(values))] : opts.domain;
    const x = scaleBand().domain(values.map((_, i) => i)).range([0, w]).padding(0.2);
    const y = scaleLinear().domain([lo, hi === lo ? lo + 1 : hi]).range([h, 0]);

    svg.attr('width', width).attr('height', opts.height).attr('viewBox', `0 0 ${width} ${opts.height}`)
      .attr('aria-label', `${opts.label}: ${values.map((v, i) => `${data.labels[i]} ${excluded[i] ? 'excluded' : fmt(v)}`).join(', ')}`);
    plot.attr('transform', `translate(${margin.left},${margin.top})`);
    baseline.attr('x1', 0).attr('x2', w).attr('y1', y(0)).attr('y2', y(0));

    const bars = barsG.selectAll('g.bar').data(values).join((enter) => {
      const g = enter.append('g').attr('class', 'bar');
      g.append('rect').attr('class', 'fill');
      g.append('line').attr('class', 'cross');
      g.append('text').attr('class', 'value').attr('text-anchor', 'middle');
      return g;
    });
    bars.attr('transform', (_, i) => `translate(${x(i)},0)`)
      .classed('active', (_, i) => i === data.active).classed('excluded', (_, i) => Boolean(excluded[i]))
      .attr('data-value', (v) => v).attr('data-excluded', (_, i) => String(Boolean(excluded[i])));
    bars.select('rect.fill').attr('width', x.bandwidth())
      .attr('y', (v) => Math.min(y(v), y(0))).attr('height', (v) => Math.max(1, Math.abs(y(v) - y(0))));
    bars.select('line.cross').attr('x1', 0).attr('x2', x.bandwidth())
      .attr('y1', (v) => Math.min(y(v), y(0))).attr('y2', (v) => Math.max(y(v), y(0)) + 1);
    bars.select('text.value').attr('x', x.bandwidth() / 2)
      .attr('y', (v) => Math.min(y(v), y(0)) - 4)
      .text((v, i) => (i === data.active ? fmt(v) : excluded[i] ? '×' : ''));

    labelsG.attr('transform', `translate(0,${h})`).selectAll('text').data(data.labels).join('text')
      .attr('transform', (_, i) => (rotate
        ? `translate(${x(i) + x.bandwidth() / 2},8) rotate(-50)`
        : `translate(${x(i) + x.bandwidth() / 2},15)`))
      .attr('text-anchor', rotate ? 'end' : 'middle')
      .classed('active', (_, i) => i === data.active)
      .text((d) => d);
  }

  const { get: widthOf } = trackWidth(container, layout); // measured once, then from ResizeObserver

  return {
    update(next) {
      data = next;
      layout();
      return this;
    },
  };
}
