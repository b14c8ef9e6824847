// The backgrounds an exported image may have (figure-tools.js's "Background" choice),
// and drawing an export in the light palette whatever the screen shows.
//   'page'         the page's own background, in the palette on screen (light or dark)
//   'white'        white, in the light palette (for slides and documents)
//   'transparent'  none, in the light palette (for a coloured slide)
export const BACKGROUNDS = [
  ['page', 'as shown'],
  ['white', 'white (light colours)'],
  ['transparent', 'transparent (light colours)'],
];

// The fill of an export's background: a colour, or null for none.
export function backgroundFill(choice) {
  if (choice === 'white') return '#ffffff';
  if (choice === 'transparent') return null;
  return getComputedStyle(document.documentElement).backgroundColor || '#ffffff';
}

function showsDark() {
  const theme = document.documentElement.dataset.theme;
  return theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
}

// -> fn()'s result, computed with the page in the light palette when `light` is true.
// The theme is switched as print.js does (data-theme="light" on <html>) and put back
// before returning: charts painting colours from JavaScript repaint on each switch, in
// the mutation observers' microtask (charts/theme-watch.js), which runs before this
// function goes on; no frame is painted in between, so the screen never shows it.
export async function inPalette(light, fn) {
  if (!light || !showsDark()) return fn();
  const root = document.documentElement;
  const saved = root.dataset.theme;
  root.dataset.theme = 'light';
  await Promise.resolve(); // the theme watchers' microtask, queued by the switch, runs first
  try {
    return fn();
  } finally {
    if (saved === undefined) delete root.dataset.theme;
    else root.dataset.theme = saved;
  }
}
