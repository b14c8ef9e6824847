// Display formulas never clip on a phone: a block formula wider than its
// column is set smaller (down to MIN of its size), and if it still does not
// fit it scrolls sideways inside a region the keyboard can reach and that
// says what it is. Re-checked whenever the column's width changes and when fonts load.
const MIN = 0.62;

function fit(math) {
  math.style.fontSize = '';
  const base = parseFloat(getComputedStyle(math).fontSize);
  // A few passes: stretchy brackets and spacing do not scale exactly with the font size.
  for (let pass = 0, size = base; pass < 3 && math.scrollWidth > math.clientWidth + 1 && size > base * MIN; pass++) {
    size = Math.max(base * MIN, size * 0.99 * (math.clientWidth / math.scrollWidth));
    math.style.fontSize = `${size.toFixed(2)}px`;
  }
  const scrolls = math.scrollWidth > math.clientWidth + 1;
  math.classList.toggle('formula-scrolls', scrolls);
  if (scrolls) {
    math.tabIndex = 0;
    math.setAttribute('role', 'region');
    math.setAttribute('aria-label', 'Formula (scrolls sideways)');
  } else {
    math.removeAttribute('tabindex');
    math.removeAttribute('role');
    math.removeAttribute('aria-label');
  }
}

export function fitFormulas(root) {
  const formulas = Array.from(root.querySelectorAll('math[display="block"]'));
  if (!formulas.length) return;
  let width = 0;
  new ResizeObserver(() => {
    if (root.clientWidth === width) return;
    width = root.clientWidth;
    formulas.forEach(fit);
  }).observe(root);
  // The maths font arrives after the first layout (font-display: swap) and changes the widths.
  document.fonts?.addEventListener('loadingdone', () => formulas.forEach(fit));
}
