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

// Each formula is fitted when it comes near the viewport (and again, if near, when the width or
// the fonts change): fitting reads its width, and reading inside a content-visibility section
// that is off screen lays that whole section out (all of them at load: 0.6 s at a phone's 4x
// slower CPU).
const NEAR = '400px 0px';

export function fitFormulas(root) {
  const formulas = Array.from(root.querySelectorAll('math[display="block"]'));
  if (!formulas.length) return;
  const stale = new Set(formulas); // not fitted to the current width and fonts
  const near = new Set(window.IntersectionObserver ? [] : formulas);
  const fitNear = () => near.forEach((math) => { if (stale.delete(math)) fit(math); });
  const refit = () => { formulas.forEach((math) => stale.add(math)); fitNear(); };
  if (window.IntersectionObserver) {
    const watch = new IntersectionObserver((entries) => {
      entries.forEach((e) => (e.isIntersecting ? near.add(e.target) : near.delete(e.target)));
      fitNear();
    }, { rootMargin: NEAR });
    formulas.forEach((math) => watch.observe(math));
  }
  let width = 0;
  new ResizeObserver(() => {
    if (root.clientWidth === width) return;
    width = root.clientWidth;
    refit();
  }).observe(root);
  // The maths font arrives after the first layout (font-display: swap) and changes the widths.
  document.fonts?.addEventListener('loadingdone', refit);
}
