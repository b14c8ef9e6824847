// canvasCells(canvasEl): a heatmap's cells painted on a canvas, for figures with
// too many cells for SVG (heatmap.js decides), numbers included where they fit.
// Returns paint(matrix, blocked, { left, top, stage, cell, color, palette, texts }).
//
// The canvas's pixels only grow. Resizing a canvas reallocates and clears it: in Chromium
// without a GPU, 5.3 ms to resize a 600 x 700 px canvas and put its pixels against 0.7 ms
// to put them into one already that size, and a control that changes a figure's size (n,
// a length, the characters generated) paid it every step. So the canvas lies in a box of
// the grid's size (its parent, overflow hidden, placed here), the figure is painted into
// its top-left corner, and what lies beyond it is out of sight; a canvas that must grow
// again takes all the room the figure can take (paint, below). The painted size, in
// device px, is on the canvas as data-painted-width and data-painted-height
// (paintedSize(), for exports and tests); beyond it, pixels are left as they were.
import { color as d3color } from 'd3';
import { textOn } from './colors.js';
import { setStyles } from './writes.js';

// Colour tables by the colours they are made of (a colour scale here is fixed by its
// end colours and whether it diverges): every heatmap with the same colours shares
// one, so a grid's new panel builds none. Bounded: themes and palettes are few.
// A table holds each colour as one RGBA pixel (a Uint32 whose bytes are r, g, b, a in
// memory order, so copying it into ImageData is right on any endianness): entries
// 0-255 the ramp, 256 a blocked cell (in cells too small to hatch).
const tables = new Map(); // key -> { table: Uint32Array(257), inks (or null) }
function lookupTable(color, { low, high, neg, hatch: hatchColour }) {
  const key = `${low} ${high} ${neg} ${hatchColour} ${color.domain().length}`;
  let entry = tables.get(key);
  if (entry) return entry;
  const ramp = color.copy().domain(color.domain().length === 3 ? [0, 127.5, 255] : [0, 255]);
  const table = new Uint32Array(257);
  const bytes = new Uint8ClampedArray(table.buffer);
  for (let k = 0; k <= 256; k++) {
    const c = d3color(k < 256 ? ramp(k) : hatchColour).rgb();
    bytes.set([c.r, c.g, c.b, 255], 4 * k);
  }
  if (tables.size >= 32) tables.clear();
  entry = { table, inks: null };
  tables.set(key, entry);
  return entry;
}

// The ink of a number on each colour of a table: black or white, whichever contrasts
// more (as in SVG); worked out the first time numbers are drawn with these colours.
function inksOf(entry) {
  const { table } = entry;
  const bytes = new Uint8ClampedArray(table.buffer);
  entry.inks ??= Array.from({ length: 256 }, (_, k) => textOn(`rgb(${bytes[4 * k]},${bytes[4 * k + 1]},${bytes[4 * k + 2]})`, '#000', '#fff'));
  return entry.inks;
}

export function canvasCells(canvasEl) {
  // The canvas's pixels are written directly, one 32-bit word each, and put with
  // putImageData: no scaled drawImage, no clearing, no hatch path of one rect per
  // blocked cell (each of those was work for the frame's raster too). A cell's colour
  // comes from a 256-entry table, so nothing is allocated per cell or per pixel; the
  // image buffer grows only when a larger one is needed, and the visible canvas is
  // resized only when its size changes (resizing clears and reallocates it).
  let image = null; // ImageData at least w x h device px (only the top-left w x h is put)
  let pixels = null; // its data as Uint32 pixels
  let levels = new Uint16Array(0); // per cell: its entry in the table (256: blocked)
  let colours = new Uint32Array(0); // per cell: its pixel
  // paint(matrix, blocked (matrix or null), { left, top, stage, room, cell, color, palette, texts })
  // draws the cells at (left, top) px of the SVG over them, stage = [its width, its height] px;
  // room = [width, height] px: the largest grid the figure can draw at its width (what a canvas
  // that grows takes); texts: the number of each cell, drawn in it (null: none, they do not fit).
  return function paint(matrix, blockedMatrix, { left, top, stage, room, cell, color, palette, texts }) {
    const { rows, cols, data: values } = matrix;
    const blocked = blockedMatrix ? blockedMatrix.data : null;
    const entry = lookupTable(color, palette);
    const { table } = entry;
    if (levels.length < values.length) {
      // Room for twice the cells: new arrays cost their pages on first write (1.5 MB at 512 x 512
      // cells, about 4 ms), and a slider moving n up would otherwise make them at every step.
      levels = new Uint16Array(2 * values.length);
      colours = new Uint32Array(2 * values.length);
    }
    const [d0, d1] = [color.domain()[0], color.domain()[color.domain().length - 1]];
    const scale = 255 / (d1 - d0 || 1);
    // Cells of 4 px and more look as the SVG cells do: blocked cells clear (the page
    // shows through) under hatching (and a 1 px gap after each cell, which heatmap.js
    // draws in SVG); smaller ones are flat colour, blocked ones in the hatch colour.
    const drawn = cell >= 4;
    let anyBlocked = false;
    for (let k = 0; k < values.length; k++) {
      // The colour's entry, 0-255 (clamped, as the scale), rounded half up as Math.round does;
      // Math.round made this loop 5x slower in Chromium when timed alone (3.4 against 0.7 ms
      // for 512 x 512 cells), though no slider's step moved measurably with it.
      const x = (values[k] - d0) * scale;
      const t = blocked !== null && blocked[k] === 1 ? 256 : x >= 255 ? 255 : x > 0 ? (x + 0.5) | 0 : 0;
      levels[k] = t;
      colours[k] = table[t];
      if (t === 256) anyBlocked = true;
    }
    const ratio = window.devicePixelRatio || 1;
    const el = canvasEl;
    const [w, h] = [Math.round(cols * cell * ratio), Math.round(rows * cell * ratio)];
    const [sw, sh] = stage;
    if (el.width < w || el.height < h) {
      // Once it has painted, a canvas that must grow takes all the room its figure can take at
      // this width (room): the KV cache's rows and the tiling's n grow a figure step by step,
      // and each resize reallocated it and handed the compositor a new bitmap (section 16's
      // length, moved up the first time: six resizes before, two now).
      const again = el.dataset.paintedWidth !== undefined;
      const grow = (have, need, most) => (have >= need ? have : again ? Math.max(need, Math.ceil(most * ratio)) : need);
      el.width = grow(el.width, w, room[0]);
      el.height = grow(el.height, h, room[1]);
    }
    if (el.dataset.paintedWidth !== String(w)) el.dataset.paintedWidth = String(w);
    if (el.dataset.paintedHeight !== String(h)) el.dataset.paintedHeight = String(h);
    // The box in px over the SVG (exactly its device pixels), and as fractions of the SVG's
    // size (stage: its [width, height] px) for print, where the SVG shrinks to the paper and
    // the box with it; the canvas in it at one device pixel a pixel, or in print as that
    // many times the box's size (styles/99-print.css).
    const [bw, bh] = [cols * cell, rows * cell];
    setStyles(el.parentElement, {
      width: `${bw}px`, height: `${bh}px`, left: `${left}px`, top: `${top}px`,
      '--cw': String(bw / sw), '--ch': String(bh / sh), '--cx': String(left / sw), '--cy': String(top / sh),
    });
    setStyles(el, {
      width: `${el.width / ratio}px`, height: `${el.height / ratio}px`,
      '--bw': String(bw ? el.width / ratio / bw : 1), '--bh': String(bh ? el.height / ratio / bh : 1),
    });
    const ctx = el.getContext('2d');
    if (w === 0 || h === 0) return;
    if (!image || image.width < w || image.height < h) {
      image = ctx.createImageData(el.width, el.height); // as large as the canvas: it grows as rarely
      pixels = new Uint32Array(image.data.buffer);
    }
    const hatch = drawn && anyBlocked ? hatching(palette.hatch, ratio) : null;
    fillPixels(pixels, image.width, { w, h, rows, cols, side: cell * ratio, colours, levels, hatch });
    ctx.putImageData(image, 0, 0, 0, 0, w, h);
    if (!drawn || !texts) return;
    // 11 px numbers centred in their cells, as the SVG cells' text.value draws them.
    ctx.font = `${11 * ratio}px ${palette.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const middle = ((cell - 1) / 2) * ratio;
    const inks = inksOf(entry);
    for (let k = 0; k < texts.length; k++) {
      if (levels[k] === 256) continue;
      ctx.fillStyle = inks[levels[k]];
      ctx.fillText(texts[k], Math.round((k % cols) * cell * ratio) + middle, Math.round(Math.floor(k / cols) * cell * ratio) + middle);
    }
  };
}

// -> [width, height] in device px of the figure a heatmap canvas holds (its top-left corner).
export function paintedSize(canvas) {
  return [Number(canvas.dataset.paintedWidth ?? canvas.width), Number(canvas.dataset.paintedHeight ?? canvas.height)];
}

// Where each cell's device pixels are along one axis: cell j spans [starts[j],
// starts[j + 1]) with starts[j] = round(j * side), as the numbers and the SVG's gaps
// place it; of[x] is the cell of pixel x.
function spans(count, side, length) {
  const starts = new Int32Array(count + 1);
  for (let j = 0; j <= count; j++) starts[j] = Math.min(length, Math.round(j * side));
  const of = new Int32Array(length);
  for (let j = 0; j < count; j++) of.fill(j, starts[j], starts[j + 1]);
  return { of, starts };
}

// Every device pixel of the w x h image (row stride `stride`): a cell's colour, or on a
// blocked cell the hatching (hatch: null when there is none). Each row of cells is built
// in its first line of pixels and copied down; in a row with blocked cells, each line then
// gets the hatching of each run of blocked cells (the lines depend on x + y) and their
// left and right borders: a few calls per line, not one per cell (a causal 60 x 117
// figure had 40,000 fills per frame).
function fillPixels(out, stride, { w, h, rows, cols, side, colours, levels, hatch }) {
  const { of, starts } = spans(cols, side, w);
  const [lines, border] = hatch ? diagonals(hatch, w + h) : [null, null];
  const gap = hatch ? hatch.gap : 0;
  const runs = []; // this row's runs of blocked cells: [first pixel, end pixel), flat
  const edges = []; // this row's blocked cells' left and right border pixels, flat
  for (let i = 0; i < rows; i++) {
    const [y0, y1] = [Math.round(i * side), Math.min(h, Math.round((i + 1) * side))];
    if (y1 <= y0) continue;
    const base = i * cols;
    const first = y0 * stride;
    for (let x = 0; x < w; x++) out[first + x] = colours[base + of[x]];
    runs.length = 0;
    edges.length = 0;
    if (hatch !== null) {
      for (let j = 0; j < cols; j++) {
        if (levels[base + j] !== 256) continue;
        const [x0, x1] = [starts[j], starts[j + 1]];
        if (runs.length > 0 && runs[runs.length - 1] === x0) runs[runs.length - 1] = x1;
        else runs.push(x0, x1);
        edges.push(x0);
        if (x1 - gap - 1 > x0) edges.push(x1 - gap - 1);
      }
    }
    for (let y = y0; y < y1; y++) {
      const start = y * stride;
      if (y > y0) out.copyWithin(start, first, first + w);
      if (runs.length === 0) continue;
      const onEdge = y === y0 || y === y1 - gap - 1; // a blocked cell's top or bottom border
      const source = onEdge ? border : lines;
      for (let r = 0; r < runs.length; r += 2) out.set(source.subarray(runs[r] + y, runs[r + 1] + y), start + runs[r]);
      if (!onEdge) for (const x of edges) out[start + x] = border[x + y];
    }
  }
}

// Hatching as the SVG cells' pattern draws it (heatmap.js: 2 px lines at 45 degrees,
// 6 px apart, from the cells' origin) and the thin border of each blocked cell (a
// 0.5 px stroke: a quarter of a pixel's cover at 1x), anti-aliased: each pixel is the
// hatch colour at the line's cover as its alpha, so the page shows between the lines.
const hatchColours = new Map(); // colour -> Uint32Array(256): that colour at alpha 0-255
function hatching(colour, ratio) {
  let byAlpha = hatchColours.get(colour);
  if (!byAlpha) {
    const c = d3color(colour).rgb();
    byAlpha = new Uint32Array(256);
    const bytes = new Uint8ClampedArray(byAlpha.buffer);
    for (let a = 0; a < 256; a++) bytes.set([c.r, c.g, c.b, a], 4 * a);
    if (hatchColours.size >= 32) hatchColours.clear();
    hatchColours.set(colour, byAlpha);
  }
  return { byAlpha, ratio, gap: Math.max(1, Math.round(ratio)), border: Math.round(255 * Math.min(1, 0.25 * ratio)) };
}

// The lines at 45 degrees depend on x + y alone: the hatch pixel at each x + y < count,
// inside a cell and on its border.
function diagonals({ byAlpha, ratio, border }, count) {
  const [lines, edges] = [new Uint32Array(count), new Uint32Array(count)];
  for (let s = 0; s < count; s++) {
    const u = (s + 1) / ratio / Math.SQRT2; // the pixel's centre across the lines, in px
    const distance = Math.abs(u - 6 * Math.round(u / 6));
    const alpha = Math.round(255 * Math.min(1, Math.max(0, (1 - distance) * ratio + 0.5)));
    lines[s] = byAlpha[alpha];
    edges[s] = byAlpha[Math.max(alpha, border)];
  }
  return [lines, edges];
}
