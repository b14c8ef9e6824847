// Light / dark / follow the system. The choice is data-theme on <html>
// ("light", "dark", or absent = the system's setting); the stylesheet's colours
// are light-dark() pairs that follow color-scheme, which data-theme sets.
// Order of precedence: ?theme= in the address (for links and embeds), then the
// choice remembered in localStorage (where the page may store anything; a
// sandboxed frame may not), then the system. Charts repaint on change
// (charts/theme-watch.js).
const CHOICES = [['system', 'Follow the system'], ['light', 'Light'], ['dark', 'Dark']];
const KEY = 'attention-atlas-theme';

function remembered() {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function remember(choice) {
  try {
    window.localStorage.setItem(KEY, choice);
  } catch {
    // no storage here (sandboxed frame, privacy mode): the choice lasts for this visit
  }
}

function apply(choice) {
  if (choice === 'light' || choice === 'dark') document.documentElement.dataset.theme = choice;
  else delete document.documentElement.dataset.theme;
}

// Applies the starting theme; with a `where` element, adds the switch to it.
export function setUpTheme(where) {
  const fromLink = new URLSearchParams(window.location.search).get('theme');
  const start = CHOICES.some(([c]) => c === fromLink) ? fromLink : remembered() || 'system';
  apply(start);
  if (!where) return;
  const wrap = document.createElement('div');
  wrap.className = 'theme-switch';
  const label = document.createElement('label');
  label.htmlFor = 'atlas-theme';
  label.textContent = 'Colours';
  const select = document.createElement('select');
  select.id = 'atlas-theme';
  for (const [value, text] of CHOICES) select.append(new Option(text, value, false, value === start));
  select.addEventListener('change', () => {
    apply(select.value);
    remember(select.value);
  });
  wrap.append(label, select);
  where.append(wrap);
}
