// Every control's state in the address: a control `seed` of section `causal`
// is the query parameter `causal.seed` (so one link can carry several
// sections, and embed.html?section=causal&causal.seed=7 works the same way).
// Only values that differ from the control's default are written, so links
// stay short. Writing uses history.replaceState (no new history entries),
// debounced: the address is written once the controls have been still for
// WRITE_DELAY_MS, so a dragged slider neither hits the browser's rate limit nor
// spends part of its frames rewriting the address (a few ms each); where
// the page cannot rewrite its address (a sandboxed frame with an opaque
// origin), state simply stays out of the address and Copy link still works.
const WRITE_DELAY_MS = 250;
const pending = new Map(); // key -> value (null = remove), flushed together
let timer = 0;

const keyOf = (section, name) => `${section}.${name}`;

// -> Map(name -> raw string) of this section's parameters in the current address.
export function readParams(section) {
  const found = new Map();
  const prefix = `${section}.`;
  for (const [key, value] of new URLSearchParams(window.location.search)) {
    if (key.startsWith(prefix)) found.set(key.slice(prefix.length), value);
  }
  return found;
}

function flush() {
  const url = new URL(window.location.href);
  for (const [key, value] of pending) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  pending.clear();
  try {
    window.history.replaceState(window.history.state, '', url.href);
  } catch {
    // An opaque-origin frame may not rewrite its URL: the state lives in the controls only.
  }
}

// value: the raw string, or null when the control is back at its default.
export function writeParam(section, name, value) {
  pending.set(keyOf(section, name), value);
  window.clearTimeout(timer);
  timer = window.setTimeout(flush, WRITE_DELAY_MS);
}

// Whether this page is the single-file build (site/build-single.mjs marks it): nothing lies beside it.
export const isSingleFile = () => document.documentElement.hasAttribute('data-single-file');

// The address of one section with the given values, { prefix: { name: raw } }
// (controls.js linkValues: the section's own and its trained view's): the page
// itself (index.html, or the single file, ?...#section) or, with embed: true,
// embed.html?section=...&... (relative to the current page; in the single file a
// relative "embed.html?..." to put after the folder's address, see embed-button.js).
// figure: for a figure-only embed; theme: 'light' or 'dark' to carry, '' for none.
export function sectionLink(section, groups, { embed = false, figure = '', theme = '' } = {}) {
  const params = new URLSearchParams();
  if (embed) params.set('section', section);
  if (embed && figure) params.set('figure', figure);
  for (const [prefix, values] of Object.entries(groups)) {
    for (const [name, value] of Object.entries(values)) params.set(keyOf(prefix, name), value);
  }
  if (theme) params.set('theme', theme);
  if (embed && isSingleFile()) return `embed.html?${params}`;
  const url = new URL(embed ? 'embed.html' : window.location.href, window.location.href);
  url.search = String(params); // '' leaves no stray "?"
  url.hash = embed ? '' : section;
  return url.href;
}
