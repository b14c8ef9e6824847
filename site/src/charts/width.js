// trackWidth(container, onResize, { initial }) -> { get() the container's width in px,
//   disconnect() stops observing (a chart removed for good) }.
//
// Charts lay out from their container's width. Reading clientWidth on every
// update is a forced synchronous layout of the whole article whenever anything
// on the page changed since the last frame (another chart, an <output>), and a
// slider redraw changes a lot: measured in Chromium, that reflow was most of
// some sliders' time. So the width is measured once, when the chart is made
// (a section makes its charts before it draws any, so only the first of them
// pays for a layout of what changed before), and afterwards taken from
// ResizeObserver's entries (the browser's own layout, no extra reflow);
// onResize(width) runs only when the width really changed, in the next animation frame.
// initial(): a width to use instead of measuring (a grid's new panel has the
// width of the panels beside it); the observer corrects it if it was wrong.
//
// primeWidths(root) measures every chart container ([data-chart]) under root at
// once, before any of them draws (main.js: the sections near the viewport at load
// together, a later section as it starts): the page is laid out once, and each chart made
// afterwards takes its width from there instead of forcing a layout of what the
// charts made before it changed (at load, with every section starting at once,
// that was ~30 forced layouts). A primed width is used once; if the page moved
// since, the observer's first report corrects it.
// The root font size is read in the same pass (the page is laid out then: no extra cost),
// for layouts in rem that a chart works out itself (heatmapGrid's columns).
// primeWidth(el, width) primes one container, with a width known without measuring (a
// grid's first panel) or measured by a caller that reads several at once (the strip).
const primed = new WeakMap();
let rootFont = 16;
export function primeWidth(el, width = el.clientWidth) {
  primed.set(el, width);
}

export function primeWidths(root) {
  root.querySelectorAll('[data-chart]').forEach((el) => primeWidth(el));
  rootFont = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

// primedWidth(el): the width primeWidths measured for el, once (undefined after, or if none).
export function primedWidth(el) {
  const width = primed.get(el);
  primed.delete(el);
  return width;
}

export const remPx = () => rootFont;

export function trackWidth(container, onResize, { initial = () => null } = {}) {
  let known = initial() ?? primed.get(container) ?? container.clientWidth;
  primed.delete(container);
  let redraw = 0; // the frame a new width is drawn in
  const observer = new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    // A chart taken out of the page reports 0: nothing to draw.
    if (width === known || !container.isConnected) return;
    known = width;
    // Drawn in the next frame, not in this callback: a chart drawn here changes its
    // container's height, which the observer reports again in the same frame, and the
    // browser then fires an error event ("ResizeObserver loop completed with undelivered
    // notifications"; WebKit, in a sandboxed frame, as an opaque "Script error.").
    cancelAnimationFrame(redraw);
    redraw = requestAnimationFrame(() => onResize(known));
  });
  observer.observe(container);
  return { get: () => known, disconnect: () => observer.disconnect() };
}
