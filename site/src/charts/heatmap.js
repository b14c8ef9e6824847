// heatmap(container, options) draws a matrix as a grid of coloured cells with
// row and column labels, values in the cells when they fit, hover (and arrow
// keys) that highlight a cell's row and column, and a readout line. It knows
// nothing about attention: it draws {rows, cols, data} row-major matrices.
//
//   const chart = heatmap(el, { rowTitle: 'query', colTitle: 'key' });
//   chart.update({ matrix, rowLabels, colLabels, rowNotes, blocked });
//   chart.highlight(i, j);  chart.onHover((cell) => ...);  linkHover([chartA, chartB]);
//   chart.onSelect((cell) => ...)   a cell chosen by click, tap, or Enter / Space on the focused cell
//   chart.dispose()  stops its size and theme watchers (a grid calls it for a panel it removes)
//
// Options (defaults):
//   domain: [0, 1]     colour scale; 'auto' = [0, max], or [-max|x|, max|x|] when diverging
//   diverging: false   negative-white-positive around 0 instead of light-to-dark
//   rowTitle, colTitle axis titles ('', '')
//   maxCell: 56        largest cell side in px; the grid shrinks to the container width
//   maxHeight: Infinity  tallest grid in px: a tall matrix (512 rows) gets smaller cells
//   svgLimit: 2500     above this many cells the grid is painted on a canvas (SVG would
//                      be too many elements to stay fluid); labels are thinned to fit
//   format: '.2f'      d3-format of the numbers in cells and in the readout
//   readout(cell)      text of the readout line for a hovered cell {row, col, value, rowLabel, colLabel}
//   hint               readout text before any hover
//   legend: true       draw the colour legend under the grid; legendNote says whose
//                      scale it is (default: "fixed scale", or with domain 'auto'
//                      "scaled to this chart's largest value")
//   like: null         a heatmap beside this one, in a container as wide and with the
//                      same colours (a grid's panels): its width and colours are taken
//                      instead of measured (reading either forces the browser to lay out
//                      or restyle the page); the observer still corrects the width
// Data: matrix {rows, cols, data}; rowLabels/colLabels (strings, default indices);
// rowNotes: a string per row drawn to the right (e.g. a row sum); blocked: a
// matrix of 0/1 whose 1-cells are hatched as "not allowed" instead of coloured;
// canvas: true/false overrides svgLimit (heatmapGrid decides for a whole figure).
// domain: overrides the option for this data (heatmapGrid passes a shared one).
// Keyboard: the SVG is focusable; arrows, Home/End, PageUp/PageDown move the
// cursor (charts/keys.js) and the readout is spoken once through charts/announce.js.
// A tap on a touch screen shows the tapped cell's readout. tables() gives the
// numbers drawn (charts/registry.js), for exports and the "Show numbers" table.
// Labels are set with textContent (D3 .text), never as HTML.
import {
  select, pointer, scaleSequential, scaleDiverging, interpolateRgb, piecewise, color as d3color,
  format as d3format, max as d3max,
} from 'd3';
import { registerChart } from './registry.js';
import { announce } from './announce.js';
import { resolveColor as cssVar, textOn } from './colors.js';
import { drawLegend } from './legend.js';
import { gridMove } from './keys.js';
import { onThemeChange } from './theme-watch.js';
import { trackWidth } from './width.js';

let nextId = 0;

function labelSpace(labels, perChar) {
  const longest = labels.reduce((m, l) => Math.max(m, String(l).length), 1);
  return Math.min(120, 10 + longest * perChar);
}

const indexLabels = (n) => Array.from({ length: n }, (_, i) => String(i));

export function heatmap(container, options = {}) {
  const opts = {
    domain: [0, 1], diverging: false, rowTitle: '', colTitle: '', maxCell: 56, maxHeight: Infinity, svgLimit: 2500,
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
  const canvas = stage.append('canvas').attr('class', 'heatmap-canvas').attr('aria-hidden', 'true');
  const svg = stage.append('svg').attr('class', 'heatmap-svg').attr('role', 'img').attr('tabindex', 0);
  const hatch = svg.append('defs').append('pattern').attr('id', `${id}-hatch`)
    .attr('patternUnits', 'userSpaceOnUse').attr('width', 6).attr('height', 6)
    .attr('patternTransform', 'rotate(45)');
  hatch.append('rect').attr('class', 'hatch-bg').attr('width', 6).attr('height', 6);
  hatch.append('line').attr('class', 'hatch-line').attr('x2', 0).attr('y2', 6);
  const plot = svg.append('g');
  const cellsG = plot.append('g').attr('class', 'cells');
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
    };
    return palette;
  }

  // -> { color(value) css string, domain [lo, hi] }
  function colorScale() {
    const values = data.matrix.data;
    const domain = data.domain || opts.domain;
    const { low, high, neg } = colours();
    if (opts.diverging) {
      const hi = domain === 'auto' ? d3max(values, Math.abs) || 1 : domain[1];
      // piecewise, not a B-spline basis: a basis does not pass through its middle colour, so 0 was not --heat-low.
      const color = scaleDiverging(piecewise(interpolateRgb, [neg, low, high])).domain([-hi, 0, hi]).clamp(true);
      return { color, domain: [-hi, hi] };
    }
    const [lo, hi] = domain === 'auto' ? [0, d3max(values) || 1] : domain;
    const color = scaleSequential(interpolateRgb(low, high)).domain([lo, hi]).clamp(true);
    return { color, domain: [lo, hi] };
  }

  // The number in a cell is black or white, whichever contrasts more with the cell: against any
  // fill one of the two reaches at least 4.58:1 (WCAG AA), which no softer pair of inks guarantees.
  // Remembered per fill: parsing each cell's colour twice was a tenth of a large grid's redraw.
  const inks = new Map();
  const inkOn = (fill) => {
    let ink = inks.get(fill);
    if (!ink) {
      if (inks.size > 4096) inks.clear();
      ink = textOn(fill, '#000', '#fff');
      inks.set(fill, ink);
    }
    return ink;
  };

  // One <g class="cell"> (rect + text) per value, bound to the values themselves:
  // the join keeps the groups already drawn and only adds or removes the
  // difference. Positions and sizes are set on new groups, or on all when the
  // cell size or column count changed; colour, text and class only where they
  // differ from what the cell shows, which `painted` remembers (reading the
  // attributes back from the DOM cost as much as setting them).
  let drawnGeometry = '';
  const setIfChanged = (node, name, value) => {
    if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  };
  let painted = []; // per cell: { value, fill, ink, label, blocked } as its nodes show them
  function drawSvgCells(cell, color) {
    const { cols, data: values } = data.matrix;
    const blocked = data.blocked ? data.blocked.data : null;
    const texts = Array.from(values, fmt);
    // Numbers only where they fit: ~6.5 px per character of 11 px text, plus a margin.
    const widest = d3max(texts, (t) => t.length) || 4;
    const showValues = cell >= widest * 6.5 + 4;
    const side = String(Math.max(1, cell - 1));
    const middle = String((cell - 1) / 2);
    const hatchFill = `url(#${id}-hatch)`;
    const cells = cellsG.selectAll('g.cell').data(values);
    cells.exit().remove();
    painted.length = Math.min(painted.length, values.length);
    const added = cells.enter().append('g').attr('class', 'cell');
    added.append('rect');
    added.append('text').attr('dy', '0.35em').attr('class', 'value');
    const all = added.merge(cells);
    const geometry = `${cell} ${cols}`;
    (geometry === drawnGeometry ? added : all).each(function place(_, k) {
      const [rect, text] = this.childNodes;
      this.setAttribute('transform', `translate(${(k % cols) * cell},${Math.floor(k / cols) * cell})`);
      rect.setAttribute('width', side);
      rect.setAttribute('height', side);
      text.setAttribute('x', middle);
      text.setAttribute('y', middle);
    });
    drawnGeometry = geometry;
    all.each(function paint(value, k) {
      const isBlocked = blocked ? blocked[k] === 1 : false;
      const [rect, text] = this.childNodes;
      const colour = color(value);
      const now = {
        value, blocked: isBlocked, fill: isBlocked ? hatchFill : colour, ink: inkOn(colour),
        label: showValues && !isBlocked ? texts[k] : '',
      };
      const was = painted[k] || {};
      painted[k] = now;
      if (was.blocked !== now.blocked) this.classList.toggle('blocked', isBlocked);
      // data-value keeps the exact number drawn, for tests and assistive tools, even when the text is hidden.
      if (!Object.is(was.value, value)) this.setAttribute('data-value', String(value));
      if (was.fill !== now.fill) rect.setAttribute('fill', now.fill);
      // Through the CSSOM, not a style attribute: the strict CSP (style-src 'self') blocks those.
      if (was.ink !== now.ink) text.style.fill = now.ink;
      if (was.label !== now.label) text.textContent = now.label;
    });
  }

  // One pixel per cell in an offscreen canvas (kept between updates), scaled up
  // without smoothing. Colours come from a 256-entry lookup table written into
  // the pixel buffer directly: a 512 x 512 matrix is 262,144 cells, so nothing
  // is allocated per cell. The table (256 colour parses) is built again only when
  // the colours change, the pixel buffer only when the shape does, and the
  // visible canvas is resized only when its size changes (resizing clears and
  // reallocates it).
  const source = document.createElement('canvas');
  let lut = null; // { key, table: Uint8ClampedArray(257 x rgb), entry 256 = a blocked cell }
  let image = null; // ImageData (cols x rows)
  function lookupTable(color) {
    const { low, high, neg, hatch: hatchColour } = colours();
    const key = `${low} ${high} ${neg} ${hatchColour} ${opts.diverging}`;
    if (lut && lut.key === key) return lut.table;
    const ramp = color.copy().domain(color.domain().length === 3 ? [0, 127.5, 255] : [0, 255]);
    const table = new Uint8ClampedArray(257 * 3);
    for (let k = 0; k < 256; k++) {
      const c = d3color(ramp(k)).rgb();
      table.set([c.r, c.g, c.b], 3 * k);
    }
    const hatchRgb = d3color(hatchColour).rgb();
    table.set([hatchRgb.r, hatchRgb.g, hatchRgb.b], 3 * 256);
    lut = { key, table };
    return table;
  }
  function drawCanvasCells(left, top, cell, color) {
    const { rows, cols, data: values } = data.matrix;
    const blocked = data.blocked ? data.blocked.data : null;
    const table = lookupTable(color);
    const [d0, d1] = [color.domain()[0], color.domain()[color.domain().length - 1]];
    const scale = 255 / (d1 - d0 || 1);
    const context = source.getContext('2d');
    if (!image || image.width !== cols || image.height !== rows) {
      source.width = cols;
      source.height = rows;
      image = context.createImageData(cols, rows);
    }
    const px = image.data;
    for (let k = 0; k < values.length; k++) {
      const t = blocked && blocked[k] === 1 ? 256 : Math.round(Math.min(255, Math.max(0, (values[k] - d0) * scale)));
      px[4 * k] = table[3 * t];
      px[4 * k + 1] = table[3 * t + 1];
      px[4 * k + 2] = table[3 * t + 2];
      px[4 * k + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    const ratio = window.devicePixelRatio || 1;
    const el = canvas.node();
    const [w, h] = [Math.round(cols * cell * ratio), Math.round(rows * cell * ratio)];
    if (el.width !== w || el.height !== h) {
      el.width = w;
      el.height = h;
    }
    const place = { width: `${cols * cell}px`, height: `${rows * cell}px`, left: `${left}px`, top: `${top}px` };
    for (const [name, value] of Object.entries(place)) if (el.style[name] !== value) el.style[name] = value;
    const ctx = el.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(source, 0, 0, w, h);
  }

  function layout() {
    if (!data) return;
    const { rows, cols } = data.matrix;
    const rowLabels = data.rowLabels || indexLabels(rows);
    const colLabels = data.colLabels || indexLabels(cols);
    const useCanvas = data.canvas ?? rows * cols > opts.svgLimit;
    const width = Math.max(200, widthOf() || 320);
    const left = labelSpace(rowLabels, 7) + (opts.rowTitle ? 18 : 0);
    const top = labelSpace(colLabels, 5.2) + (opts.colTitle ? 18 : 0);
    const right = data.rowNotes ? 56 : 8;
    const fit = Math.min((width - left - right) / cols, opts.maxHeight / rows);
    const cell = useCanvas ? Math.min(opts.maxCell, fit) : Math.max(4, Math.min(opts.maxCell, Math.floor(fit)));
    const [gridW, gridH] = [cell * cols, cell * rows];
    geometry = { left, top, cell, rows, cols };
    const { color, domain } = colorScale();
    const legendHeight = layoutLegend(color, domain, left + gridW + right, top + gridH + 10);

    svg.attr('width', left + gridW + right).attr('height', top + gridH + 6 + legendHeight)
      .attr('viewBox', `0 0 ${left + gridW + right} ${top + gridH + 6 + legendHeight}`)
      .attr('aria-label', `Heatmap, ${opts.rowTitle || 'rows'} by ${opts.colTitle || 'columns'}, ${rows} by ${cols} cells, `
        + `colour from ${domain[0].toFixed(2)} to ${domain[1].toFixed(2)}. Arrow keys read cells; “Show numbers” gives a table.`);
    plot.attr('transform', `translate(${left},${top})`);
    canvas.classed('active', useCanvas);
    if (useCanvas) {
      cellsG.selectAll('g.cell').remove();
      drawnGeometry = '';
      painted = [];
      drawCanvasCells(left, top, cell, color);
    } else {
      drawSvgCells(cell, color);
    }

    // Thin labels so they do not overlap: rows need ~11 px; columns, rotated by 50 degrees, ~15 px.
    const step = (c, px) => Math.max(1, Math.ceil(px / c));
    drawLabels(rowLabelsG, rowLabels, step(cell, 11), (i) => ({ x: -6, y: i * cell + cell / 2, dy: '0.35em', 'text-anchor': 'end' }));
    drawLabels(colLabelsG, colLabels, step(cell, 15), (j) => ({ transform: `translate(${j * cell + cell / 2},-6) rotate(-50)` }));
    // Notes are thinned like the row labels they sit beside.
    drawLabels(notesG, data.rowNotes || [], step(cell, 11), (i) => ({ x: gridW + 6, y: i * cell + cell / 2, dy: '0.35em' }));
    rowTitle.text(opts.rowTitle).attr('transform', `translate(12,${top + gridH / 2}) rotate(-90)`);
    colTitle.text(opts.colTitle).attr('x', left + gridW / 2).attr('y', 12);
    rowBand.attr('width', gridW).attr('height', cell);
    colBand.attr('width', cell).attr('height', gridH);
    hit.attr('width', gridW).attr('height', gridH);
    if (current) highlight(current.row, current.col);
  }

  // One <text> per shown label (every `every`-th; a 512-row matrix shows ~40, and
  // blank nodes for the rest cost style and layout on every redraw), bound to
  // the label's index; attributes (attrs(i)) and text are set only where they
  // differ, since each change invalidates the SVG's style and layout.
  function drawLabels(group, labels, every, attrs) {
    const shown = [];
    for (let i = 0; i < labels.length; i += every) shown.push(i);
    group.selectAll('text').data(shown).join('text').each(function label(i) {
      for (const [name, value] of Object.entries(attrs(i))) setIfChanged(this, name, String(value));
      const text = String(labels[i]);
      if (this.textContent !== text) this.textContent = text;
    });
  }

  // -> the legend's height in px (0 without a legend). Drawn again only when
  // what it shows changes (domain, width, blocked cells, colours): most slider
  // steps leave it as it was.
  let legendDrawn = { key: '', height: 0 };
  function layoutLegend(color, domain, width, y) {
    setIfChanged(legendG.node(), 'transform', `translate(4,${y})`);
    legendG.attr('display', opts.legend ? null : 'none');
    if (!opts.legend) return 0;
    const hatchFill = data.blocked && Array.prototype.includes.call(data.blocked.data, 1) ? `url(#${id}-hatch)` : null;
    const { low, high, neg } = colours();
    const key = [domain[0], domain[1], width, hatchFill, low, high, neg].join(' ');
    if (key !== legendDrawn.key) {
      legendDrawn = {
        key,
        height: 4 + drawLegend(legendG, {
          id, color, domain, diverging: opts.diverging, hatch: hatchFill, note: `colour: ${opts.legendNote}`, width,
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
    focus.attr('visibility', c ? 'visible' : 'hidden');
    rowLabelsG.selectAll('text').classed('active', (i) => c && i === row);
    colLabelsG.selectAll('text').classed('active', (j) => c && j === col);
    if (!c) return null;
    rowBand.attr('y', row * geometry.cell);
    colBand.attr('x', col * geometry.cell);
    readout.text(c.blocked ? `${c.rowLabel} → ${c.colLabel}: blocked` : readoutText(c));
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
    update(next) {
      data = next;
      if (current && !cellAt(current.row, current.col)) current = null;
      layout();
      if (!current) readout.text(opts.hint);
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

// Links heatmaps of the same shape: pointing at (i, j) in one highlights (i, j)
// in all the others, so one query/key pair can be compared across them.
// charts: an array, or a function giving the current array (a grid whose panels
// come and go); members: the charts to listen to (default: all of them; a grid
// links each panel it adds).
export function linkHover(charts, members = charts) {
  const current = typeof charts === 'function' ? charts : () => charts;
  members.forEach((chart) => chart.onHover((cell) => {
    current().forEach((other) => {
      if (other !== chart) other.highlight(cell ? cell.row : -1, cell ? cell.col : -1);
    });
  }));
}
