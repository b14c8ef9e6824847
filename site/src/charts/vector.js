// vectorRows(container, options) draws short vectors as rows of coloured cells
// (a one-row heatmap each) on one shared diverging scale, with a label before
// each row, an optional note after it, and a readout line for the hovered
// entry. It knows nothing about attention: rows are plain numbers.
//
//   const chart = vectorRows(el, { format: '.3f' });
//   chart.update([{ label: 'q', values: Float64Array, note: 'Σ 1.2', active: true, muted: false }]);
//
// Options (defaults): maxCell (16) widest cell in px (rows are 14 px high); format ('.3f') of
// the readout; readout(entry) text for a hovered entry {label, index, value};
// hint (readout text before any hover). Rows: label, values, note (text after
// the cells), active (drawn outlined), muted (drawn faded, e.g. a term left out).
// The scale runs from -max|x| to +max|x| over all rows; every cell keeps its
// exact number in data-value. Labels are set with textContent, never as HTML.
import { select, pointer, scaleDiverging, interpolateRgb, piecewise, format as d3format, max as d3max } from 'd3';
import { resolveColor as cssVar } from './colors.js';
import { onThemeChange } from './theme-watch.js';
import { trackWidth } from './width.js';

const LABEL_PX = 7; // per character of a 12 px label
const ROW_GAP = 3;
const ROW = 14; // px: every row is one label high, however wide or narrow its cells

export function vectorRows(container, options = {}) {
  const opts = { maxCell: 16, format: '.3f', hint: '', ...options };
  const fmt = d3format(opts.format);
  const readoutText = opts.readout || ((e) => `${e.label} [${e.index}] = ${fmt(e.value)}`);
  let rows = [];
  let geometry = null; // { left, cell, row }

  const root = select(container).classed('vector-rows', true);
  const svg = root.append('svg').attr('role', 'img');
  const plot = svg.append('g');
  const readout = root.append('p').attr('class', 'readout').attr('aria-live', 'off');

  function show(row, index) {
    const r = rows[row];
    if (!r || !(index >= 0 && index < r.values.length)) readout.text(opts.hint);
    else readout.text(readoutText({ label: r.label, index, value: r.values[index] }));
  }

  function layout() {
    if (!rows.length) return;
    const width = Math.max(160, widthOf() || 320);
    const longestLabel = d3max(rows, (r) => String(r.label).length) || 1;
    const longestNote = d3max(rows, (r) => String(r.note || '').length) || 0;
    const left = 8 + longestLabel * LABEL_PX;
    const right = longestNote ? 10 + longestNote * 6.5 : 4;
    const d = d3max(rows, (r) => r.values.length) || 1;
    const cell = Math.max(2, Math.min(opts.maxCell, (width - left - right) / d));
    const hi = d3max(rows, (r) => d3max(r.values, Math.abs)) || 1;
    const color = scaleDiverging(piecewise(interpolateRgb, [
      cssVar(container, '--heat-neg', '#b2182b'), cssVar(container, '--heat-low', '#f7fbff'),
      cssVar(container, '--heat-high', '#08306b')])).domain([-hi, 0, hi]).clamp(true);
    const row = ROW;
    geometry = { left, cell, row };
    const height = rows.length * (row + ROW_GAP);
    svg.attr('width', left + d * cell + right).attr('height', height)
      .attr('viewBox', `0 0 ${left + d * cell + right} ${height}`)
      .attr('aria-label', rows.map((r) => `${r.label}: ${r.values.length} numbers`).join('; '));

    const g = plot.selectAll('g.vector').data(rows).join((enter) => {
      const e = enter.append('g').attr('class', 'vector');
      e.append('text').attr('class', 'vector-label').attr('text-anchor', 'end').attr('dy', '0.35em');
      e.append('g').attr('class', 'vector-cells');
      e.append('rect').attr('class', 'vector-outline');
      e.append('text').attr('class', 'vector-note').attr('dy', '0.35em');
      return e;
    });
    g.attr('transform', (_, i) => `translate(0,${i * (row + ROW_GAP)})`)
      .classed('active', (r) => Boolean(r.active)).classed('muted', (r) => Boolean(r.muted));
    g.select('text.vector-label').attr('x', left - 6).attr('y', row / 2).text((r) => r.label);
    g.select('text.vector-note').attr('x', (r) => left + r.values.length * cell + 6).attr('y', row / 2)
      .text((r) => r.note || '');
    g.select('rect.vector-outline').attr('x', left).attr('width', (r) => r.values.length * cell).attr('height', row);
    g.select('g.vector-cells').attr('transform', `translate(${left},0)`).each(function drawCells(r) {
      select(this).selectAll('rect').data(Array.from(r.values)).join('rect')
        .attr('x', (_, c) => c * cell).attr('width', Math.max(1, cell - (cell > 4 ? 1 : 0))).attr('height', row)
        .attr('fill', (v) => color(v)).attr('data-value', (v) => v);
    });
  }

  svg.on('pointermove', (event) => {
    if (!geometry) return;
    const [x, y] = pointer(event, svg.node());
    show(Math.floor(y / (geometry.row + ROW_GAP)), Math.floor((x - geometry.left) / geometry.cell));
  });
  svg.on('pointerleave', () => show(-1, -1));
  const { get: widthOf } = trackWidth(container, layout); // measured once, then from ResizeObserver
  onThemeChange(container, () => layout());

  return {
    update(next) {
      rows = next;
      layout();
      show(-1, -1);
      return this;
    },
  };
}
