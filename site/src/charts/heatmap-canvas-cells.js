// canvasCells(canvasEl): a heatmap's cells painted on a canvas, for figures with
// too many cells for SVG (heatmap.js decides), numbers included where they fit.
// Returns paint(matrix, blocked, { left, top, stage, cell, color, palette, texts }).
import { color as d3color } from 'd3';
import { textOn } from './colors.js';

// Colour tables by the colours they are made of (a colour scale here is fixed by its
// end colours and whether it diverges): every heatmap with the same colours shares
// one, so a grid's new panel builds none. Bounded: themes and palettes are few.
// A table holds each colour as one RGBA pixel (a Uint32 whose bytes are r, g, b, a in
// memory order, so copying it into ImageData is right on any endianness): entries
// 0-255 the ramp, 256 a blocked cell, 257 a clear pixel.
const tables = new Map(); // key -> { table: Uint32Array(258), inks (or null) }
function lookupTable(color, { low, high, neg, hatch: hatchColour }) {
  const key = `${low} ${high} ${neg} ${hatchColour} ${color.domain().length}`;
  let entry = tables.get(key);
  if (entry) return entry;
  const ramp = color.copy().domain(color.domain().length === 3 ? [0, 127.5, 255] : [0, 255]);
  const table = new Uint32Array(258);
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
  // One pixel per cell in an offscreen canvas (kept between updates), scaled up
  // without smoothing. Colours come from a 256-entry lookup table written into
  // the pixel buffer directly: a 512 x 512 matrix is 262,144 cells, so nothing
  // is allocated per cell. The table (256 colour parses) is built only for
  // colours not seen before, the pixel buffer only when the shape changes, and the
  // visible canvas is resized only when its size changes (resizing clears and
  // reallocates it).
  const source = document.createElement('canvas');
  let image = null; // ImageData (cols x rows)
  let pixels = null; // its data as Uint32 pixels
  let levels = new Uint16Array(0); // per cell: its entry in the table
  // paint(matrix, blocked (matrix or null), { left, top, stage, cell, color, palette, texts })
  // draws the cells at (left, top) px of the SVG over them, stage = [its width, its height] px;
  // texts: the number of each cell, drawn in it (null: none, they do not fit).
  return function paint(matrix, blockedMatrix, { left, top, stage, cell, color, palette, texts }) {
    const { rows, cols, data: values } = matrix;
    const blocked = blockedMatrix ? blockedMatrix.data : null;
    const entry = lookupTable(color, palette);
    const { table } = entry;
    if (levels.length < values.length) levels = new Uint16Array(values.length);
    const [d0, d1] = [color.domain()[0], color.domain()[color.domain().length - 1]];
    const scale = 255 / (d1 - d0 || 1);
    const context = source.getContext('2d');
    if (!image || image.width !== cols || image.height !== rows) {
      source.width = cols;
      source.height = rows;
      image = context.createImageData(cols, rows);
      pixels = new Uint32Array(image.data.buffer); // one word per pixel, written from the table
    }
    // Cells of 4 px and more look as the SVG cells do: blocked cells clear (the page
    // shows through) under hatching (and a 1 px gap after each cell, which heatmap.js
    // draws in SVG); smaller ones are flat colour, blocked ones in the hatch colour.
    const drawn = cell >= 4;
    for (let k = 0; k < values.length; k++) {
      const isBlocked = blocked && blocked[k] === 1;
      const t = isBlocked ? 256 : Math.round(Math.min(255, Math.max(0, (values[k] - d0) * scale)));
      levels[k] = t;
      pixels[k] = table[isBlocked && drawn ? 257 : t];
    }
    context.putImageData(image, 0, 0);
    const ratio = window.devicePixelRatio || 1;
    const el = canvasEl;
    const [w, h] = [Math.round(cols * cell * ratio), Math.round(rows * cell * ratio)];
    if (el.width !== w || el.height !== h) {
      el.width = w;
      el.height = h;
    }
    // In px over the SVG (exactly its device pixels), and as fractions of the SVG's size
    // (stage: its [width, height] px) for print, where the SVG shrinks to the paper and
    // the canvas with it (styles/99-print.css).
    const [sw, sh] = stage;
    const place = {
      width: `${cols * cell}px`, height: `${rows * cell}px`, left: `${left}px`, top: `${top}px`,
      '--cw': String((cols * cell) / sw), '--ch': String((rows * cell) / sh), '--cx': String(left / sw), '--cy': String(top / sh),
    };
    for (const [name, value] of Object.entries(place)) if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
    const ctx = el.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.clearRect(0, 0, w, h);
    ctx.drawImage(source, 0, 0, w, h);
    if (!drawn) return;
    const gap = Math.max(1, Math.round(ratio)); // heatmap.js draws the gaps over the canvas
    if (blocked && blocked.includes(1)) hatchBlocked(ctx, blocked, cols, cell * ratio, gap, palette.hatch, ratio);
    if (!texts) return;
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

// Hatching over the blocked cells, as the SVG cells' pattern draws it: 2 px lines at
// 45 degrees, 6 px apart, and a thin border in the hatch colour.
const tiles = new Map(); // `${colour} ${ratio}` -> canvas tile
function hatchBlocked(ctx, blocked, cols, side, gap, colour, ratio) {
  const key = `${colour} ${ratio}`;
  let tile = tiles.get(key);
  if (!tile) {
    const size = Math.round(6 * Math.SQRT2 * ratio);
    tile = document.createElement('canvas');
    tile.width = size;
    tile.height = size;
    const t = tile.getContext('2d');
    t.strokeStyle = colour;
    t.lineWidth = 2 * ratio;
    t.beginPath();
    for (const o of [-size, 0, size]) {
      t.moveTo(o, size);
      t.lineTo(o + size, 0);
    }
    t.stroke();
    tiles.set(key, tile);
  }
  ctx.beginPath();
  for (let k = 0; k < blocked.length; k++) {
    if (blocked[k] !== 1) continue;
    const [x, y] = [Math.round((k % cols) * side), Math.round(Math.floor(k / cols) * side)];
    ctx.rect(x, y, Math.round(((k % cols) + 1) * side) - gap - x, Math.round((Math.floor(k / cols) + 1) * side) - gap - y);
  }
  ctx.fillStyle = ctx.createPattern(tile, 'repeat');
  ctx.fill();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 0.5 * ratio;
  ctx.stroke();
}
