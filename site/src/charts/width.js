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
// onResize(width) runs only when the width really changed.
// initial(): a width to use instead of measuring (a grid's new panel has the
// width of the panels beside it); the observer corrects it if it was wrong.
export function trackWidth(container, onResize, { initial = () => null } = {}) {
  let known = initial() ?? container.clientWidth;
  const observer = new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    // A chart taken out of the page (a grid's panel removed) reports 0: nothing to draw.
    if (width === known || !container.isConnected) return;
    known = width;
    onResize(width);
  });
  observer.observe(container);
  return { get: () => known, disconnect: () => observer.disconnect() };
}
