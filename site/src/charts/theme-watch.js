// Calls fn whenever the colours in force may have changed: the page's theme
// switch (data-theme on <html>, see ui/theme.js) or the system's light/dark
// setting. Charts that paint colours from JavaScript redraw on it. Returns
// stop(), which a chart's dispose() calls when its element is removed for good
// (the observer and the media listener would otherwise keep the removed chart,
// and its DOM, alive); a listener whose element has left the document also
// drops itself at the next change.
export function onThemeChange(element, fn) {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const observer = new MutationObserver(() => run());
  function stop() {
    observer.disconnect();
    media.removeEventListener('change', run);
  }
  function run() {
    if (element.isConnected) fn();
    else stop();
  }
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  media.addEventListener('change', run);
  return stop;
}
