// Colours for charts that paint from JavaScript (heatmap cells, canvases,
// legends). The stylesheet's custom properties may hold light-dark(...) pairs,
// which getPropertyValue returns unresolved, so a colour is read back from a
// probe element's computed `color`: always a plain rgb(...) for the theme in force.
import { color as d3color } from 'd3';

export function resolveColor(el, name, fallback) {
  const probe = document.createElement('span');
  probe.style.display = 'none';
  probe.style.color = `var(${name}, ${fallback})`;
  el.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value || fallback;
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
