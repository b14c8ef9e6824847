// Display formulas never clip on a phone: a block formula wider than its
// column is set smaller (down to MIN of its size), and if it still does not
// fit it scrolls sideways inside a region the keyboard can reach and that
// says what it is. Re-checked whenever the column's width changes.
const MIN = 0.62;

function fit(math) {
  math.style.fontSize = '';
  const column = math.parentElement.clientWidth;
  const natural = math.scrollWidth;
  const scale = natural > column ? Math.max(MIN, column / natural) : 1;
  if (scale < 1) math.style.fontSize = `${(scale * 100).toFixed(1)}%`;
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
}
