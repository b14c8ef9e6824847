// heatmap(container, options) draws a matrix as a grid of coloured cells with
// row and column labels, values in the cells when they fit, hover (and arrow
// keys) that highlight a cell's row and column, and a readout line. It knows
// nothing about attention: it draws {rows, cols, data} row-major matrices.
//
//   const chart = heatmap(el, { rowTitle: 'query', colTitle: 'key' });
//   chart.update({ matrix, rowLabels, colLabels, rowNotes, blocked });
//   chart.highlight(i, j);  chart.onHover((cell) => ...);  linkHover([chartA, chartB]);
//   chart.onSelect((cell) => ...)   a cell chosen by click, tap, or Enter / Space on the focused cell
//   chart.dispose()  stops its size and theme watchers (a grid calls it for the panels it kept aside)
//
// Options (defaults):
//   domain: [0, 1]     colour scale; 'auto' = [0, max], or [-max|x|, max|x|] when diverging
//   diverging: false   negative-white-positive around 0 instead of light-to-dark
//   rowTitle, colTitle axis titles ('', '')
//   maxCell: 56        largest cell side in px; the grid shrinks to the container width
//   maxHeight: Infinity  tallest grid in px: a tall matrix (512 rows) gets smaller cells
//   labelAll: false    cells never smaller than a label needs (11 px; 15 px for column labels
//                      longer than 2 characters, which are drawn slanted), so every row and
//                      column keeps its label; a matrix too wide for the page then scrolls
//                      sideways. One-character labels (a character model's) stand upright.
//   svgLimit: 400      cells are SVG (a <g> with rect and number each) up to this many;
//                      above, they are painted on a canvas with their numbers (SVG would
//                      be too many elements to stay fluid); labels and hover stay SVG and
//                      labels are thinned to fit
//   format: '.2f'      d3-format of the numbers in cells and in the readout
//   readout(cell)      text of the readout line for a hovered cell {row, col, value, rowLabel, colLabel}
//   hint               readout text before any hover
//   legend: true       draw the colour legend under the grid; legendNote says whose
//                      scale it is (default: "fixed scale", or with domain 'auto'
//                      "scaled to this chart's largest value"); legendFormat(value) -> the
//                      text of its ticks (default: 3 significant digits)
//   like: null         a heatmap beside this one, in a container as wide and with the
//                      same colours (a grid's panels): its width and colours are taken
//                      instead of measured (reading either forces the browser to lay out
//                      or restyle the page); the observer still corrects the width
// Data: matrix {rows, cols, data}; rowLabels/colLabels (strings, default indices);
// rowNotes: a string per row drawn to the right (e.g. a row sum); blocked: a
// matrix of 0/1 whose 1-cells are hatched as "not allowed" instead of coloured;
// figureCells: the cells of the whole figure that svgLimit counts (heatmapGrid passes it
// for its panels; default: this matrix's).
// domain: overrides the option for this data (heatmapGrid passes a shared one).
// Keyboard: the SVG is focusable; arrows, Home/End, PageUp/PageDown move the
// cursor (charts/keys.js) and the readout is spoken once through charts/announce.js.
// A tap on a touch screen shows the tapped cell's readout. tables() gives the
// numbers drawn (charts/registry.js), for exports and the "Show numbers" table.
// Labels are set with textContent (D3 .text), never as HTML. The cells themselves are drawn by
// heatmap-svg-cells.js (SVG, in place) or heatmap-canvas-cells.js (every device pixel written, then put at once).
import {
  select, pointer, scaleSequential, scaleDiverging, interpolateRgb, piecewise,
  format as d3format,
} from 'd3';
import { registerChart } from './registry.js';
import { announce } from './announce.js';
import { resolveColor as cssVar } from './colors.js';
import { svgCells } from './heatmap-svg-cells.js';
import { canvasCells } from './heatmap-canvas-cells.js';
import { drawLegend } from './legend.js';
import { drawsSame } from './equal.js';
import { largest } from './largest.js';
import { set, setIfChanged, setText } from './writes.js';
import { gridMove } from './keys.js';
import { onThemeChange } from './theme-watch.js';
import { trackWidth } from './width.js';
import { labelSpace, fitLabel, numbersFit, indexLabels } from './heatmap-labels.js';

let nextId = 0;

export function heatmap(container, options = {}) {
  const opts = {
    domain: [0, 1], diverging: false, rowTitle: '', colTitle: '', maxCell: 56, maxHeight: Infinity, labelAll: false, svgLimit: 400,
    format: '.2f', hint: 'Hover over or tap a cell (or focus the chart and use the arrow keys) to read its value.',
    legend: true, like: null, ...options,
  };
  if (!opts.legendNote) {
    if (opts.domain !== 'auto') opts.legendNote = 'fixed scale';
    else opts.legendNote = opts.diverging ? "symmetric around 0, to this chart's largest |value|" : "scaled to this chart's largest value";
  }
  const fmt = d3format(opts.format);
  const readoutText = opts.readout || ((c) => `${c.rowLabel} → ${c.colLabel}: ${fmt(c.value)}`);
  const id = `hm${nextId++}`;
  let data = null;
  let geometry = null; // { left, top, cell, rows, cols }
  let current = null; // highlighted {row, col}
  const hoverListeners = [];
  const selectListeners = [];

  const root = select(container).classed('heatmap', true);
  const stage = root.append('div').attr('class', 'heatmap-stage');
  // The canvas in a box of the grid's size, which shows the part it paints (heatmap-canvas-cells.js).
  const canvasBox = stage.append('div').attr('class', 'heatmap-canvas-box');
  const canvas = canvasBox.append('canvas').attr('class', 'heatmap-canvas').attr('aria-hidden', 'true');
  const svg = stage.append('svg').attr('class', 'heatmap-svg').attr('role', 'img').attr('tabindex', 0);
  const defs = svg.append('defs');
  const hatch = defs.append('pattern').attr('id', `${id}-hatch`)
    .attr('patternUnits', 'userSpaceOnUse').attr('width', 6).attr('height', 6)
    .attr('patternTransform', 'rotate(45)');
  hatch.append('rect').attr('class', 'hatch-bg').attr('width', 6).attr('height', 6);
  hatch.append('line').attr('class', 'hatch-line').attr('x2', 0).attr('y2', 6);
  const plot = svg.append('g');
  // The 1 px gap after each canvas cell, drawn in SVG over the canvas as one patterned
  // rect: the canvas lies at whatever fraction of a pixel the page puts it, and its own
  // gap lines came out of the browser's resampling uneven.
  const gapTile = defs.append('pattern').attr('id', `${id}-gaps`).attr('patternUnits', 'userSpaceOnUse');
  const gapPath = gapTile.append('path').attr('class', 'gap-line');
  const cellsG = plot.append('g').attr('class', 'cells');
  const gaps = plot.append('rect').attr('class', 'gaps').attr('fill', `url(#${id}-gaps)`);
  const rowLabelsG = plot.append('g').attr('class', 'row-labels');
  const colLabelsG = plot.append('g').attr('class', 'col-labels');
  const notesG = plot.append('g').attr('class', 'row-notes');
  const focus = plot.append('g').attr('class', 'focus').attr('visibility', 'hidden');
  const rowBand = focus.append('rect').attr('class', 'focus-row');
  const colBand = focus.append('rect').attr('class', 'focus-col');
  const hit = plot.append('rect').attr('class', 'hit');
  const legendG = svg.append('g').attr('class', 'legend-scale');
  const rowTitle = svg.append('text').attr('class', 'axis-title').attr('text-anchor', 'middle');
  const colTitle = svg.append('text').attr('class', 'axis-title').attr('text-anchor', 'middle');
  const readout = root.append('p').attr('class', 'readout');

  // The CSS colours of the scale, read once and again when the width or the theme
  // changes: getComputedStyle after other charts changed the page forces a
  // style recalculation of the whole article.
  let palette = null;
  function colours() {
    palette ??= opts.like ? opts.like.palette : {
      low: cssVar(container, '--heat-low', '#f7fbff'), high: cssVar(container, '--heat-high', '#08306b'),
      neg: cssVar(container, '--heat-neg', '#b2182b'), hatch: cssVar(container, '--hatch', '#999'),
      // Of the numbers a canvas draws, as in SVG; read when first needed (reading it restyles the page).
      get font() {
        Object.defineProperty(this, 'font', { value: getComputedStyle(svg.node()).fontFamily });
        return this.font;
      },
    };
    return palette;
  }

  // -> { color(value) css string, domain [lo, hi] }
  function colorScale() {
    const values = data.matrix.data;
    const domain = data.domain || opts.domain;
    const { low, high, neg } = colours();
    if (opts.diverging) {
      const hi = domain === 'auto' ? largest(values, true) || 1 : domain[1];
      // piecewise, not a B-spline basis: a basis does not pass through its middle colour, so 0 was not --heat-low.
      const color = scaleDiverging(piecewise(interpolateRgb, [neg, low, high])).domain([-hi, 0, hi]).clamp(true);
      return { color, domain: [-hi, hi] };
    }
    const [lo, hi] = domain === 'auto' ? [0, largest(values) || 1] : domain;
    const color = scaleSequential(interpolateRgb(low, high)).domain([lo, hi]).clamp(true);
    return { color, domain: [lo, hi] };
  }

  const svgPainter = svgCells(cellsG, { hatchFill: `url(#${id}-hatch)` });
  const canvasPainter = canvasCells(canvas.node());

  function layout() {
    if (!data) return;
    const { rows, cols } = data.matrix;
    const rowLabels = data.rowLabels || indexLabels(rows);
    const colLabels = data.colLabels || indexLabels(cols);
    const width = Math.max(200, widthOf() || 320);
    // Whole px: a canvas at a fractional offset is resampled, and its 1 px gaps come out uneven.
    const left = Math.round(labelSpace(rowLabels, 7) + (opts.rowTitle ? 18 : 0));
    const top = Math.round(labelSpace(colLabels, 5.2) + (opts.colTitle ? 18 : 0));
    const right = data.rowNotes ? 56 : 8;
    const fit = Math.min((width - left - right) / cols, opts.maxHeight / rows);
    // SVG cells cost 15-50 us each per redraw (a <g>, rect and text: 486 numbers that
    // change are ~10 ms of layout alone), canvas ones next to nothing. Figures
    // (data.figureCells: all their panels) of up to svgLimit cells keep SVG cells (their
    // exact values in the DOM); larger ones are painted on canvas, numbers and all.
    const figureCells = data.figureCells ?? rows * cols;
    const useCanvas = figureCells > opts.svgLimit;
    // Space a label needs along the axis: rows ~11 px; columns, slanted by 50 degrees, ~15 px,
    // or ~11 px upright when every column label is one or two characters (labelAll only).
    const upright = opts.labelAll && colLabels.every((l) => String(l).length <= 2);
    const need = { row: 11, col: upright ? 11 : 15 };
    const smallest = opts.labelAll ? Math.max(need.row, need.col) : 4;
    const svgCell = Math.max(smallest, Math.min(opts.maxCell, Math.floor(fit)));
    // Whole pixels for cells of 4 px or more, so a figure keeps its size when it switches
    // between SVG and canvas; smaller canvas cells fill the width exactly (512 rows).
    const cell = useCanvas && fit < smallest && !opts.labelAll ? fit : svgCell;
    // Numbers only where they fit (never below 30 px: 4 characters), formatted only then.
    const texts = cell >= 30 ? Array.from(data.matrix.data, fmt) : null;
    const shown = texts && numbersFit(texts, cell) ? texts : null;
    const [gridW, gridH] = [cell * cols, cell * rows];
    geometry = { left, top, cell, rows, cols };
    const { color, domain } = colorScale();
    const legendHeight = layoutLegend(color, domain, left + gridW + right, top + gridH + 10);

    const stageSize = [left + gridW + right, top + gridH + 6 + legendHeight];
    set(svg, {
      width: stageSize[0], height: stageSize[1], viewBox: `0 0 ${stageSize[0]} ${stageSize[1]}`,
      'aria-label': `Heatmap, ${opts.rowTitle || 'rows'} by ${opts.colTitle || 'columns'}, ${rows} by ${cols} cells, `
        + `colour from ${domain[0].toFixed(2)} to ${domain[1].toFixed(2)}. Arrow keys read cells; “Show numbers” gives a table.`,
    });
    set(plot, { transform: `translate(${left},${top})` });
    canvasBox.classed('active', useCanvas);
    canvas.classed('active', useCanvas);
    const gapped = useCanvas && cell >= 4;
    set(gaps, { display: gapped ? null : 'none' });
    if (gapped) {
      set(gapTile, { width: cell, height: cell });
      set(gapPath, { d: `M${cell - 1},0h1v${cell}h-1zM0,${cell - 1}h${cell}v1h-${cell}z` });
      set(gaps, { width: gridW, height: gridH });
    }
    if (useCanvas) {
      svgPainter.clear();
      // The largest grid at this width: as wide as the container (wider only when every label
      // must show) and as tall as maxHeight allows; without one, as tall as wide (a square
      // grid's most) or as it is now, if taller.
      const room = [Math.max(width, gridW), Number.isFinite(opts.maxHeight) ? opts.maxHeight : Math.max(width, gridH)];
      canvasPainter(data.matrix, data.blocked, { left, top, stage: stageSize, room, cell, color, palette: colours(), texts: shown });
    } else {
      svgPainter.paint(data.matrix, data.blocked, cell, color, shown);
    }

    // Thin labels so they do not overlap (need, above). Every step-th one, step the smallest of 1, 2, 5, 10, 20, 50, ... that leaves room: round
    // numbers read easily, and one step over a range of sizes keeps the labels (and their
    // text) in place while a slider changes the size.
    const step = (c, px) => {
      const need = Math.max(1, Math.ceil(px / c));
      const power = 10 ** Math.floor(Math.log10(need));
      return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= need);
    };
    drawLabels(rowLabelsG, rowLabels.map((l) => fitLabel(l, 7)), step(cell, need.row), (i) => ({ x: -6, y: i * cell + cell / 2, dy: '0.35em', 'text-anchor': 'end' }));
    drawLabels(colLabelsG, colLabels.map((l) => fitLabel(l, 5.2)), step(cell, need.col), (j) => (upright
      ? { transform: `translate(${j * cell + cell / 2},-6)`, 'text-anchor': 'middle' }
      : { transform: `translate(${j * cell + cell / 2},-6) rotate(-50)`, 'text-anchor': 'start' }));
    // Notes are thinned like the row labels they sit beside.
    drawLabels(notesG, data.rowNotes || [], step(cell, 11), (i) => ({ x: gridW + 6, y: i * cell + cell / 2, dy: '0.35em' }));
    setText(rowTitle, opts.rowTitle);
    set(rowTitle, { transform: `translate(12,${top + gridH / 2}) rotate(-90)` });
    setText(colTitle, opts.colTitle);
    set(colTitle, { x: left + gridW / 2, y: 12 });
    set(rowBand, { width: gridW, height: cell });
    set(colBand, { width: cell, height: gridH });
    set(hit, { width: gridW, height: gridH });
    if (current) highlight(current.row, current.col);
  }

  // One <text> per shown label (every `every`-th; a 512-row matrix shows ~50, and
  // blank nodes for the rest cost style and layout on every redraw), keyed by the
  // label's index; attributes (attrs(i)) and text are set only where they
  // differ, since each change invalidates the SVG's style and layout.
  function drawLabels(group, labels, every, attrs) {
    const shown = [];
    for (let i = 0; i < labels.length; i += every) shown.push(i);
    group.selectAll('text').data(shown, (i) => i).join('text').each(function label(i) {
      for (const [name, value] of Object.entries(attrs(i))) setIfChanged(this, name, String(value));
      setText(this, String(labels[i]));
    });
  }

  // -> the legend's height in px (0 without a legend). Drawn again only when
  // what it shows changes (domain, width, blocked cells, colours): most slider
  // steps leave it as it was.
  let legendDrawn = { key: '', height: 0 };
  function layoutLegend(color, domain, width, y) {
    setIfChanged(legendG.node(), 'transform', `translate(4,${y})`);
    set(legendG, { display: opts.legend ? null : 'none' });
    if (!opts.legend) return 0;
    const hatchFill = data.blocked && Array.prototype.includes.call(data.blocked.data, 1) ? `url(#${id}-hatch)` : null;
    const { low, high, neg } = colours();
    const key = [domain[0], domain[1], width, hatchFill, low, high, neg].join(' ');
    if (key !== legendDrawn.key) {
      legendDrawn = {
        key,
        height: 4 + drawLegend(legendG, {
          id, color, domain, diverging: opts.diverging, hatch: hatchFill, note: `colour: ${opts.legendNote}`, width,
          format: opts.legendFormat,
        }),
      };
    }
    return legendDrawn.height;
  }

  function cellAt(row, col) {
    const { rows, cols, data: values } = data.matrix;
    if (!(row >= 0 && col >= 0 && row < rows && col < cols)) return null;
    return {
      row, col, value: values[row * cols + col],
      rowLabel: (data.rowLabels || indexLabels(rows))[row],
      colLabel: (data.colLabels || indexLabels(cols))[col],
      blocked: data.blocked ? data.blocked.data[row * cols + col] === 1 : false,
    };
  }

  function highlight(row, col) {
    const c = data && cellAt(row, col);
    current = c ? { row, col } : null;
    set(focus, { visibility: c ? 'visible' : 'hidden' });
    rowLabelsG.selectAll('text').classed('active', (i) => c && i === row);
    colLabelsG.selectAll('text').classed('active', (j) => c && j === col);
    if (!c) return null;
    set(rowBand, { y: row * geometry.cell });
    set(colBand, { x: col * geometry.cell });
    setText(readout, c.blocked ? `${c.rowLabel} → ${c.colLabel}: blocked` : readoutText(c));
    return c;
  }

  function emit(row, col) {
    if (current && current.row === row && current.col === col) return;
    const c = highlight(row, col);
    hoverListeners.forEach((fn) => fn(c));
  }

  const cellUnder = (event) => {
    const [x, y] = pointer(event, hit.node());
    emit(Math.floor(y / geometry.cell), Math.floor(x / geometry.cell));
  };
  hit.on('pointermove', cellUnder);
  hit.on('pointerdown', cellUnder); // a tap on a touch screen has no hover before it
  svg.on('pointerleave', (event) => { if (event.pointerType === 'mouse') emit(-1, -1); });
  hit.on('click', (event) => {
    const [x, y] = pointer(event, hit.node());
    const c = highlight(Math.floor(y / geometry.cell), Math.floor(x / geometry.cell));
    if (c) selectListeners.forEach((fn) => fn(c));
  });
  svg.on('keydown', (event) => {
    if (data && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      const c = highlight(current ? current.row : 0, current ? current.col : 0);
      selectListeners.forEach((fn) => fn(c));
      return;
    }
    const move = data && gridMove(event, current, geometry.rows, geometry.cols);
    if (!move) return;
    event.preventDefault();
    emit(move.row, move.col);
    announce(readout.text());
  });

  // Only a new width lays the chart out again (its own growth in height does not);
  // the palette is read again with it.
  const sizes = trackWidth(container, () => { palette = null; layout(); }, { initial: () => opts.like?.width });
  const widthOf = sizes.get;
  const stopThemeWatch = onThemeChange(container, () => { palette = null; layout(); });

  function tables() {
    if (!data) return [];
    const { rows, cols } = data.matrix;
    return [{
      caption: '', rowTitle: opts.rowTitle, colTitle: opts.colTitle,
      rowLabels: (data.rowLabels || indexLabels(rows)).map(String),
      colLabels: (data.colLabels || indexLabels(cols)).map(String),
      rowNotes: data.rowNotes ? data.rowNotes.map(String) : null,
      values: data.matrix, blocked: data.blocked || null, format: opts.format,
    }];
  }

  return registerChart(container, {
    tables,
    // Data equal to what is drawn (equal.js) draws nothing: a grid hands every panel its
    // data again when one of them changed.
    update(next) {
      if (drawsSame(data, next)) return this;
      data = next;
      if (current && !cellAt(current.row, current.col)) current = null;
      layout();
      if (!current) setText(readout, opts.hint);
      return this;
    },
    highlight(row, col) {
      if (data) highlight(row, col);
      return this;
    },
    onHover(fn) {
      hoverListeners.push(fn);
      return this;
    },
    onSelect(fn) {
      selectListeners.push(fn);
      return this;
    },
    get data() {
      return data;
    },
    get width() {
      return widthOf();
    },
    get palette() {
      return colours();
    },
    // Stops watching size and theme: call it when the chart is removed for good.
    dispose() {
      sizes.disconnect();
      stopThemeWatch();
    },
  });
}

export { linkHover } from './link-hover.js';
