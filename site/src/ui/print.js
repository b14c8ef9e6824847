// Printing a page whose sections start lazily (main.js): before the browser lays
// the page out for paper, every section that has not started yet starts (so the
// printout has every figure, not only those scrolled past), and the page takes
// the light palette (data-theme="light", restored afterwards): the stylesheet's
// colours follow it (99-print.css) and so do the colours charts paint from
// JavaScript, which redraw on a theme change (charts/theme-watch.js).
// Both signals are used: `beforeprint` (Ctrl+P, window.print()) and the print
// media query starting to match (a browser that lays out for print without the
// event, e.g. print emulation).
export function onPrint(startAll) {
  const root = document.documentElement;
  let saved = null; // the theme before printing, while printing ('' = none)
  const begin = () => {
    startAll();
    if (saved !== null) return;
    saved = root.dataset.theme || '';
    if (saved !== 'light') root.dataset.theme = 'light';
  };
  const end = () => {
    if (saved === null) return;
    if (saved) root.dataset.theme = saved;
    else delete root.dataset.theme;
    saved = null;
  };
  window.addEventListener('beforeprint', begin);
  window.addEventListener('afterprint', end);
  window.matchMedia('print').addEventListener('change', (event) => (event.matches ? begin() : end()));
}
