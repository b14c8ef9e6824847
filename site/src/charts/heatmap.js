// heatmap(container, options) draws a matrix as a grid of coloured cells with
// row and column labels, values in the cells when they fit, hover that
// highlights the row and column, and a readout line. It knows nothing about
// attention: it draws {rows, cols, data} row-major matrices.
//
//   const chart = heatmap(el, { rowTitle: 'query', colTitle: 'key' });
//   chart.update({ matrix, rowLabels, colLabels, rowNotes, blocked });
//   chart.highlight(i, j);  chart.onHover((cell) => ...);
//
// Options (defaults):
//   domain: [0, 1]     the colour scale; 'auto' = [0, max] or symmetric when negative values occur
//   diverging: false   blue-white-red around 0 instead of white-to-blue
//   rowTitle, colTitle axis titles ('', '')
//   maxCell: 56        largest cell side in px; the grid shrinks to the container width
//   format: '.2f'      d3-format of the numbers in cells and in the readout
//   readout(cell)      text of the readout line for a hovered cell
// Data: matrix {rows, cols, data}; rowLabels/colLabels (strings, default indices);
// rowNotes: a string per row drawn to the right (e.g. a row sum); blocked: a
// matrix of 0/1 whose 1-cells are hatched as "not allowed" instead of coloured.
// Labels are set with textContent (D3 .text), never as HTML.
import {
  select, scaleSequential, scaleDiverging, interpolateRgb, interpolateRgbBasis, format as d3format, max as d3max,
} from 'd3';

let nextId = 0;

function cssVar(el, name, fallback) {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

function labelWidth(labels, perChar) {
  const longest = labels.reduce((m, l) => Math.max(m, String(l).length), 1);
  return Math.min(120, 10 + longest * perChar);
}

export function heatmap(container, options = {}) {
  const opts = {
    domain: [0, 1], diverging: false, rowTitle: '', colTitle: '', maxCell: 56, format: '.2f',
    ...options,
  };
  const fmt = d3format(opts.format);
  const readoutText = opts.readout || ((c) => `${c.rowLabel} → ${c.colLabel}: ${fmt(c.value)}`);
  const id = `hm${nextId++}`;
  let data = null;
  let hoverListeners = [];

  const root = select(container).classed('heatmap', true);
  const svg = root.append('svg').attr('class', 'heatmap-svg').attr('role', 'img');
  const defs = svg.append('defs');
  const hatch = defs.append('pattern').attr('id', `${id}-hatch`).attr('patternUnits', 'userSpaceOnUse')
    .attr('width', 6).attr('height', 6).attr('patternTransform', 'rotate(45)');
  hatch.append('rect').attr('class', 'hatch-bg').attr('width', 6).attr('height', 6);
  hatch.append('line').attr('class', 'hatch-line').attr('x1', 0).attr('y1', 0).attr('x2', 0).attr('y2', 6);
  const plot = svg.append('g');
  const cellsG = plot.append('g').attr('class', 'cells');
  const rowLabelsG = plot.append('g').attr('class', 'row-labels');
  const colLabelsG = plot.append('g').attr('class', 'col-labels');
  const notesG = plot.append('g').attr('class', 'row-notes');
  const focus = plot.append('g').attr('class', 'focus');
  const rowBand = focus.append('rect').attr('class', 'focus-row');
  const colBand = focus.append('rect').attr('class', 'focus-col');
  const rowTitle = svg.append('text').attr('class', 'axis-title');
  const colTitle = svg.append('text').attr('class', 'axis-title');
  const readout = root.append('p').attr('class', 'readout').attr('aria-live', 'polite');

  // -> { color(value), strength(value) in [0, 1]: how far from the light end }
  function colorScale() {
    const values = data.matrix.data;
    const low = cssVar(container, '--heat-low', '#f7fbff');
    const high = cssVar(container, '--heat-high', '#08306b');
    if (opts.diverging) {
      const neg = cssVar(container, '--heat-neg', '#b2182b');
      const hi = opts.domain === 'auto' ? d3max(values, Math.abs) || 1 : opts.domain[1];
      const color = scaleDiverging(interpolateRgbBasis([neg, low, high])).domain([-hi, 0, hi]).clamp(true);
      return { color, strength: (v) => Math.min(1, Math.abs(v) / hi) };
    }
    const [lo, hi] = opts.domain === 'auto' ? [0, d3max(values) || 1] : opts.domain;
    const color = scaleSequential(interpolateRgb(low, high)).domain([lo, hi]).clamp(true);
    return { color, strength: (v) => Math.min(1, Math.max(0, (v - lo) / (hi - lo || 1))) };
  }

  function layout() {
    if (!data) return;
    const { rows, cols } = data.matrix;
    const rowLabels = data.rowLabels || Array.from({ length: rows }, (_, i) => String(i));
    const colLabels = data.colLabels || Array.from({ length: cols }, (_, j) => String(j));
    const width = Math.max(200, container.clientWidth || 320);
    const left = labelWidth(rowLabels, 7) + (opts.rowTitle ? 18 : 0);
    const top = labelWidth(colLabels, 5.2) + (opts.colTitle ? 18 : 0);
    const right = data.rowNotes ? 56 : 8;
    const cell = Math.max(4, Math.min(opts.maxCell, Math.floor((width - left - right) / cols)));
    const gridW = cell * cols;
    const gridH = cell * rows;
    const { color, strength } = colorScale();
    const blocked = data.blocked ? data.blocked.data : null;
    const showValues = cell >= 26;

    svg.attr('width', left + gridW + right).attr('height', top + gridH + 6)
      .attr('viewBox', `0 0 ${left + gridW + right} ${top + gridH + 6}`)
      .attr('aria-label', `${opts.rowTitle || 'rows'} by ${opts.colTitle || 'columns'} heatmap, ${rows} by ${cols}`);
    plot.attr('transform', `translate(${left},${top})`);

    const cells = Array.from(data.matrix.data, (value, k) => ({
      row: Math.floor(k / cols), col: k % cols, value, blocked: blocked ? blocked[k] === 1 : false,
    }));
    const g = cellsG.selectAll('g.cell').data(cells).join((enter) => {
      const e = enter.append('g').attr('class', 'cell');
      e.append('rect');
      e.append('text');
      return e;
    });
    g.attr('transform', (d) => `translate(${d.col * cell},${d.row * cell})`)
      .classed('blocked', (d) => d.blocked);
    g.select('rect').attr('width', cell - 1).attr('height', cell - 1)
      .attr('fill', (d) => (d.blocked ? `url(#${id}-hatch)` : color(d.value)));
    g.select('text').attr('x', (cell - 1) / 2).attr('y', (cell - 1) / 2).attr('dy', '0.35em')
      .attr('class', (d) => (strength(d.value) > 0.55 ? 'value on-dark' : 'value'))
      .text((d) => (showValues && !d.blocked ? fmt(d.value) : ''));
    g.on('pointerenter', (event, d) => emitHover(d)).on('focus', (event, d) => emitHover(d));

    rowLabelsG.selectAll('text').data(rowLabels).join('text')
      .attr('x', -6).attr('y', (_, i) => i * cell + cell / 2).attr('dy', '0.35em')
      .attr('text-anchor', 'end').text((d) => d);
    colLabelsG.selectAll('text').data(colLabels).join('text')
      .attr('transform', (_, j) => `translate(${j * cell + cell / 2},-6) rotate(-50)`)
      .attr('text-anchor', 'start').text((d) => d);
    notesG.selectAll('text').data(data.rowNotes || []).join('text')
      .attr('x', gridW + 6).attr('y', (_, i) => i * cell + cell / 2).attr('dy', '0.35em').text((d) => d);

    rowTitle.text(opts.rowTitle).attr('transform', `translate(12,${top + gridH / 2}) rotate(-90)`)
      .attr('text-anchor', 'middle');
    colTitle.text(opts.colTitle).attr('x', left + gridW / 2).attr('y', 12).attr('text-anchor', 'middle');
    rowBand.attr('width', gridW).attr('height', cell);
    colBand.attr('width', cell).attr('height', gridH);
    layout.cell = cell;
    focus.attr('visibility', 'hidden');
  }

  function cellAt(row, col) {
    const { rows, cols, data: values } = data.matrix;
    if (row < 0 || col < 0 || row >= rows || col >= cols) return null;
    return {
      row, col, value: values[row * cols + col],
      rowLabel: data.rowLabels ? data.rowLabels[row] : String(row),
      colLabel: data.colLabels ? data.colLabels[col] : String(col),
      blocked: data.blocked ? data.blocked.data[row * cols + col] === 1 : false,
    };
  }

  function highlight(row, col) {
    const c = data && cellAt(row, col);
    if (!c) {
      focus.attr('visibility', 'hidden');
      rowLabelsG.selectAll('text').classed('active', false);
      colLabelsG.selectAll('text').classed('active', false);
      return null;
    }
    focus.attr('visibility', 'visible');
    rowBand.attr('y', row * layout.cell);
    colBand.attr('x', col * layout.cell);
    rowLabelsG.selectAll('text').classed('active', (_, i) => i === row);
    colLabelsG.selectAll('text').classed('active', (_, j) => j === col);
    readout.text(c.blocked ? `${c.rowLabel} → ${c.colLabel}: blocked` : readoutText(c));
    return c;
  }

  function emitHover(d) {
    const c = highlight(d.row, d.col);
    hoverListeners.forEach((fn) => fn(c));
  }

  svg.on('pointerleave', () => {
    highlight(-1, -1);
    hoverListeners.forEach((fn) => fn(null));
  });

  const resize = new ResizeObserver(() => layout());
  resize.observe(container);

  return {
    update(next) {
      data = next;
      layout();
      readout.text(opts.hint || 'Hover over a cell to read its value.');
      return this;
    },
    highlight(row, col) {
      highlight(row, col);
      return this;
    },
    onHover(fn) {
      hoverListeners.push(fn);
      return this;
    },
    get data() {
      return data;
    },
  };
}
