// Calls fn whenever the colours in force may have changed: the page's theme
// switch (data-theme on <html>, see ui/theme.js) or the system's light/dark
// setting. Charts that paint colours from JavaScript redraw on it. The
// listener drops itself once its element has left the document.
export function onThemeChange(element, fn) {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const observer = new MutationObserver(() => run());
  function run() {
    if (!element.isConnected) {
      observer.disconnect();
      media.removeEventListener('change', run);
      return;
    }
    fn();
  }
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  media.addEventListener('change', run);
}
