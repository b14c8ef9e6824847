// A figure as one self-contained SVG (and a PNG at twice its size): every
// chart SVG in the figure is cloned with the computed styles it needs inlined
// (so the file looks the same without the page's stylesheet, in the theme in
// force), canvases become <image>s, and the HTML text around the charts
// (panel titles and notes, legends) becomes SVG text at the same place. Fonts
// are the page's own font stacks, by name. A header line names the Atlas, the
// section and the figure's provenance.
const NS = 'http://www.w3.org/2000/svg';
const STYLE_PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity',
  'stroke-linecap', 'opacity', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'visibility', 'font-variant-numeric'];
const TEXT_PARTS = '.panel-title, .panel-note, .legend li, .pair-panel > .panel-title';
const HEADER = 22;

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

function textAt(out, el, origin) {
  const box = el.getBoundingClientRect();
  if (!box.width) return;
  const cs = getComputedStyle(el);
  const lineHeight = parseFloat(cs.lineHeight) || 1.3 * parseFloat(cs.fontSize);
  const swatch = getComputedStyle(el, '::before');
  if (swatch.content !== 'none' && swatch.backgroundColor) { // a legend entry's colour key
    const key = document.createElementNS(NS, 'rect');
    [['x', box.left - origin.left], ['y', box.top - origin.top + HEADER + lineHeight / 2 - 2], ['width', 10], ['height', 4]]
      .forEach(([k, v]) => key.setAttribute(k, v));
    key.setAttribute('fill', swatch.backgroundColor);
    out.append(key);
  }
  const indent = swatch.content !== 'none' ? 14 : 0;
  el.textContent.split('\n').forEach((line, k) => {
    const t = document.createElementNS(NS, 'text');
    t.setAttribute('x', box.left - origin.left + indent);
    t.setAttribute('y', box.top - origin.top + HEADER + (k + 0.8) * lineHeight);
    t.setAttribute('style', `fill:${cs.color};font-family:${cs.fontFamily};font-size:${cs.fontSize};font-weight:${cs.fontWeight}`);
    t.textContent = line;
    out.append(t);
  });
}

// -> { svg: text, width, height } for a <figure> (its charts area, without caption and tools).
export function figureSvg(figure, header) {
  const parts = Array.from(figure.querySelectorAll('[data-chart] svg, [data-chart] canvas.active'))
    .filter((el) => el.getBoundingClientRect().width > 0);
  const texts = Array.from(figure.querySelectorAll(TEXT_PARTS)).filter((el) => el.getBoundingClientRect().width > 0);
  const boxes = [...parts, ...texts].map((el) => el.getBoundingClientRect());
  const origin = {
    left: Math.min(...boxes.map((b) => b.left)), top: Math.min(...boxes.map((b) => b.top)),
  };
  const width = Math.ceil(Math.max(...boxes.map((b) => b.right)) - origin.left);
  const height = Math.ceil(Math.max(...boxes.map((b) => b.bottom)) - origin.top) + HEADER + 6;
  const pageStyle = getComputedStyle(figure.querySelector('figcaption') || figure);
  const out = document.createElementNS(NS, 'svg');
  out.setAttribute('xmlns', NS);
  out.setAttribute('width', width);
  out.setAttribute('height', height);
  out.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const bg = document.createElementNS(NS, 'rect');
  bg.setAttribute('width', width);
  bg.setAttribute('height', height);
  bg.setAttribute('fill', getComputedStyle(document.documentElement).backgroundColor || '#fff');
  const title = document.createElementNS(NS, 'text');
  title.setAttribute('x', 0);
  title.setAttribute('y', 14);
  title.setAttribute('style', `fill:${pageStyle.color};font-family:${pageStyle.fontFamily};font-size:12px;font-weight:600`);
  title.textContent = header;
  out.append(bg, title);

  for (const el of parts) {
    const box = el.getBoundingClientRect();
    const [x, y] = [box.left - origin.left, box.top - origin.top + HEADER];
    if (el.tagName === 'CANVAS') {
      const image = document.createElementNS(NS, 'image');
      image.setAttribute('href', el.toDataURL('image/png'));
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
  texts.forEach((el) => textAt(out, el, origin));
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
