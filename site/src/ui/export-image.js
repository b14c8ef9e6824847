// A figure as one self-contained SVG (and a PNG at twice its size): every
// chart SVG in the figure is cloned with the computed styles it needs inlined
// (so the file looks the same without the page's stylesheet, in the theme in
// force), canvases become <image>s, and the HTML text around the charts
// (panel titles and notes, legends with their keys) becomes SVG text at the same
// place. Fonts are the page's own font stacks, by name. A header names the Atlas,
// the section and the figure's provenance, wrapped onto as many lines as the
// figure's width needs. One chart of a figure can be drawn alone (`part`), and the
// background is the page's, white or none (export-palette.js).
import { swatchAt } from './export-swatch.js';
import { backgroundFill } from './export-palette.js';
import { paintedSize } from '../charts/heatmap-canvas-cells.js';

const NS = 'http://www.w3.org/2000/svg';
const STYLE_PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity',
  'stroke-linecap', 'opacity', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'visibility', 'font-variant-numeric'];
const TEXT_PARTS = '.panel-title, .panel-note, .legend li';
const HEADER_FONT = 12; // px, bold
const HEADER_LINE = 16; // px per header line

function inlineStyles(source, clone) {
  const from = [source, ...source.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, k) => {
    const target = to[k];
    const cs = getComputedStyle(el);
    if (el.classList.contains('hit')) target.setAttribute('data-drop', ''); // pointer targets, invisible
    if (cs.display === 'none') {
      target.setAttribute('display', 'none');
      return;
    }
    target.setAttribute('style', STYLE_PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';'));
    target.removeAttribute('class');
    target.removeAttribute('tabindex');
  });
}

function textAt(out, el, origin, top) {
  const box = el.getBoundingClientRect();
  if (!box.width) return;
  const cs = getComputedStyle(el);
  const lineHeight = parseFloat(cs.lineHeight) || 1.3 * parseFloat(cs.fontSize);
  const [x, y] = [box.left - origin.left + (parseFloat(cs.paddingLeft) || 0), box.top - origin.top + top];
  const swatch = swatchAt(el, x, y + lineHeight / 2);
  if (swatch) out.append(swatch.node);
  const indent = swatch ? swatch.width : 0;
  // Wrapped where the page wraps it: a long panel title on a narrow figure takes two lines.
  const font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = box.width - indent - (parseFloat(cs.paddingLeft) || 0) - (parseFloat(cs.paddingRight) || 0) + 1;
  const breaks = /^pre/.test(cs.whiteSpace) ? el.textContent.trim().split('\n') : [el.textContent];
  const wraps = box.height > 1.5 * lineHeight * breaks.length; // the page shows more lines than it breaks
  const lines = breaks.map((line) => line.trim().replace(/\s+/g, ' ')).flatMap((line) => (wraps ? wrapText(line, font, room) : [line]));
  lines.forEach((line, k) => {
    const t = document.createElementNS(NS, 'text');
    t.setAttribute('x', x + indent);
    t.setAttribute('y', y + (k + 0.8) * lineHeight);
    t.setAttribute('style', `fill:${cs.color};font-family:${cs.fontFamily};font-size:${cs.fontSize};font-weight:${cs.fontWeight}`);
    t.textContent = line;
    out.append(t);
  });
}

// Greedy word wrap of `text` into lines no wider than `width` px in `font` (measured by a canvas).
function wrapText(text, font, width) {
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = font;
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && ctx.measureText(`${last} ${word}`).width <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

// What an export draws: every chart of the figure, or one chart (`part`, a [data-chart]
// element) with the panel titles around it; only what is on screen (width > 0).
function partsOf(figure, part) {
  const shown = (els) => Array.from(els).filter((el) => el.getBoundingClientRect().width > 0);
  if (!part) {
    return {
      charts: shown(figure.querySelectorAll('[data-chart] svg, [data-chart] canvas.active')),
      texts: shown(figure.querySelectorAll(`${TEXT_PARTS}, .pair-panel > .panel-title`)),
    };
  }
  const scope = part.closest('.pair-panel') || part;
  return { charts: shown(part.querySelectorAll('svg, canvas.active')), texts: shown(scope.querySelectorAll(TEXT_PARTS)) };
}

// A heatmap's canvas shows, through the box around it, the figure in its top-left corner
// (heatmap-canvas-cells.js): the box is where it is drawn, and that corner its image.
const boxOf = (el) => (el.tagName === 'CANVAS' ? el.parentElement : el).getBoundingClientRect();
function canvasPng(canvas) {
  const [w, h] = paintedSize(canvas);
  if (w === canvas.width && h === canvas.height) return canvas.toDataURL('image/png');
  const part = document.createElement('canvas');
  [part.width, part.height] = [w, h];
  part.getContext('2d').drawImage(canvas, 0, 0, w, h, 0, 0, w, h);
  return part.toDataURL('image/png');
}

// -> { svg: text, width, height } for a <figure> (its charts area, without caption and tools).
// part: one [data-chart] element of the figure to draw alone (default: all of them);
// background: 'page', 'white' or 'transparent' (export-palette.js; the palette is the caller's).
export function figureSvg(figure, header, { part = null, background = 'page' } = {}) {
  const { charts, texts } = partsOf(figure, part);
  const boxes = [...charts, ...texts].map(boxOf);
  if (!boxes.length) throw new Error('nothing of it is drawn yet');
  const origin = {
    left: Math.min(...boxes.map((b) => b.left)), top: Math.min(...boxes.map((b) => b.top)),
  };
  const width = Math.ceil(Math.max(...boxes.map((b) => b.right)) - origin.left);
  const pageStyle = getComputedStyle(figure.querySelector('figcaption') || figure);
  const font = `600 ${HEADER_FONT}px ${pageStyle.fontFamily}`;
  const lines = wrapText(header, font, width);
  const top = lines.length * HEADER_LINE + 6; // the charts start under the header
  const height = Math.ceil(Math.max(...boxes.map((b) => b.bottom)) - origin.top) + top + 6;
  const out = document.createElementNS(NS, 'svg');
  out.setAttribute('xmlns', NS);
  out.setAttribute('width', width);
  out.setAttribute('height', height);
  out.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const fill = backgroundFill(background);
  if (fill) {
    const bg = document.createElementNS(NS, 'rect');
    bg.setAttribute('width', width);
    bg.setAttribute('height', height);
    bg.setAttribute('fill', fill);
    out.append(bg);
  }
  const title = document.createElementNS(NS, 'text');
  title.setAttribute('class', 'export-header');
  title.setAttribute('style', `fill:${pageStyle.color};font-family:${pageStyle.fontFamily};font-size:${HEADER_FONT}px;font-weight:600`);
  lines.forEach((line, k) => {
    const span = document.createElementNS(NS, 'tspan');
    span.setAttribute('x', 0);
    span.setAttribute('y', 14 + k * HEADER_LINE);
    span.textContent = line;
    title.append(span);
  });
  out.append(title);

  for (const el of charts) {
    const box = boxOf(el);
    const [x, y] = [box.left - origin.left, box.top - origin.top + top];
    if (el.tagName === 'CANVAS') {
      const image = document.createElementNS(NS, 'image');
      image.setAttribute('href', canvasPng(el));
      [['x', x], ['y', y], ['width', box.width], ['height', box.height]].forEach(([k, v]) => image.setAttribute(k, v));
      out.append(image);
    } else {
      const clone = el.cloneNode(true);
      inlineStyles(el, clone);
      clone.setAttribute('x', x);
      clone.setAttribute('y', y);
      clone.removeAttribute('role');
      clone.removeAttribute('aria-label');
      clone.querySelectorAll('[data-drop]').forEach((n) => n.remove());
      out.append(clone);
    }
  }
  texts.forEach((el) => textAt(out, el, origin, top));
  return { svg: `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(out)}`, width, height };
}

// -> Promise<Blob> (image/png) of the SVG drawn at `scale` times its size.
export async function svgToPng({ svg, width, height }, scale = 2) {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  ctx.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG failed'))), 'image/png'));
}
