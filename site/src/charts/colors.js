// Colours for charts that paint from JavaScript (heatmap cells, canvases,
// legends). The stylesheet's custom properties may hold light-dark(...) pairs,
// which getPropertyValue returns unresolved, so a colour is read back from a
// probe element's computed `color`: always a plain rgb(...) for the theme in force.
import { color as d3color } from 'd3';

// A hidden element in el whose colour is `color` (a var(...)): its computed colour is the rgb.
function probe(el, color) {
  const span = document.createElement('span');
  span.style.display = 'none';
  span.style.color = color;
  el.append(span);
  return span;
}

export function resolveColor(el, name, fallback) {
  const primed = primedColour(el, name);
  if (primed) return primed;
  const span = probe(el, `var(${name}, ${fallback})`);
  const value = getComputedStyle(span).color;
  span.remove();
  return value || fallback;
}

// primeColours(root, names) reads the colours `names` (custom properties) of every chart
// container ([data-chart]) under root in one style pass, before any section draws: a
// chart reading its own after the charts made before it changed the page costs a style
// recalculation of the article (19 at load, 62 ms in all). A chart inside a container
// takes the container's colours: the stylesheet sets them on :root and on sections only.
// They serve until the theme changes (the page's switch or the system's light/dark).
const primed = new WeakMap(); // [data-chart] element -> { theme, colours: { name: rgb } }
const themeNow = () => `${document.documentElement.dataset.theme || ''} ${window.matchMedia('(prefers-color-scheme: dark)').matches}`;

export function primeColours(root, names) {
  const theme = themeNow();
  // Every probe first, then every read: one style pass.
  const charts = [...root.querySelectorAll('[data-chart]')].map((chart) => ({
    chart, spans: names.map((name) => probe(chart, `var(${name}, transparent)`)),
  }));
  for (const { chart, spans } of charts) {
    primed.set(chart, { theme, colours: Object.fromEntries(names.map((name, k) => [name, getComputedStyle(spans[k]).color])) });
  }
  charts.forEach(({ spans }) => spans.forEach((span) => span.remove()));
}

function primedColour(el, name) {
  const chart = el.closest('[data-chart]');
  const entry = chart && primed.get(chart);
  const value = entry && entry.theme === themeNow() ? entry.colours[name] : null;
  return value && value !== 'rgba(0, 0, 0, 0)' ? value : null; // transparent: not set there
}

// WCAG 2 relative luminance and contrast ratio.
function luminance(css) {
  const { r, g, b } = d3color(css).rgb();
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a, b) {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

// Of the two candidate text colours, the one that reads better on `background`.
export function textOn(background, dark, light) {
  return contrast(background, dark) >= contrast(background, light) ? dark : light;
}
