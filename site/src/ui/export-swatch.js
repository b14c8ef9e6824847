// A legend entry's colour key (the ::before of `.legend li`, styles/30-charts.css) as
// SVG, for exports (export-image.js): a line as long and as thick as the key on the
// page, in its colour, dashed where the key is a repeating gradient (the arrow key's
// "dashed: arrows out of the word", styles/32-arrows.css), at the entry's opacity.
// The pattern is read from the computed gradient's colour stops, so the stylesheet
// stays the one place that says how a key looks.
const NS = 'http://www.w3.org/2000/svg';

const clear = (colour) => /^rgba\(.*,\s*0\)$/.test(colour) || colour === 'transparent';

// 'repeating-linear-gradient(90deg, rgb(a) 0px, rgb(a) 4px, rgba(0, 0, 0, 0) 4px, ...)'
// -> { ink: 'rgb(a)', dashes: [4, 2] } (lengths of ink and gap in turn, ink first), or null.
export function dashPattern(image) {
  if (!/^repeating-linear-gradient\(/.test(image)) return null;
  // A stop is a colour at one position or two ("c 0px 4px" is "c 0px, c 4px"), as browsers serialize them.
  const stops = [...image.matchAll(/(rgba?\([^)]*\)|transparent)\s+(-?[\d.]+)px(?:\s+(-?[\d.]+)px)?/g)]
    .flatMap((m) => [m[2], m[3]].filter((at) => at !== undefined).map((at) => ({ colour: m[1], at: Number(at) })));
  const runs = []; // [{ ink: boolean, length }], neighbours of one kind merged
  for (let k = 0; k + 1 < stops.length; k++) {
    const length = stops[k + 1].at - stops[k].at;
    if (length <= 0) continue; // a hard edge between two colours
    const ink = !clear(stops[k].colour);
    const last = runs[runs.length - 1];
    if (last && last.ink === ink) last.length += length;
    else runs.push({ ink, length });
  }
  const inked = stops.find((s) => !clear(s.colour));
  if (!inked || runs.length < 2) return null;
  if (!runs[0].ink) runs.push(runs.shift()); // the dash array starts with ink
  return { ink: inked.colour, dashes: runs.map((r) => r.length) };
}

// The key of legend entry `el` at (x, y) (its left end, its middle), or null when it has none.
export function swatchAt(el, x, y) {
  const key = getComputedStyle(el, '::before');
  if (key.content === 'none' || key.display === 'none') return null;
  const pattern = dashPattern(key.backgroundImage);
  const colour = pattern ? pattern.ink : key.backgroundColor;
  if (!colour || clear(colour)) return null;
  const width = parseFloat(key.width) || 10;
  const line = document.createElementNS(NS, 'line');
  [['x1', x], ['x2', x + width], ['y1', y], ['y2', y]].forEach(([k, v]) => line.setAttribute(k, v));
  const dash = pattern ? `;stroke-dasharray:${pattern.dashes.join(' ')}` : '';
  line.setAttribute('style', `stroke:${colour};stroke-width:${parseFloat(key.height) || 4}${dash};opacity:${getComputedStyle(el).opacity}`);
  return { node: line, width: width + (parseFloat(key.marginRight) || 4) };
}
