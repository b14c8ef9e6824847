// Readable by anyone: axe-core finds no serious or critical problem in the
// light theme, the dark theme and at 375 px (every section drawn, every
// "Show numbers" table open); print media shows prose and figures without
// controls; the theme switch changes the colours the charts paint.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { openBrowser, showAllSections, showSection } from './harness.mjs';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

async function axeProblems(page) {
  await page.addScriptTag({ content: AXE });
  // The thousands of cells inside role="img" SVGs are not exposed to assistive tools (the SVG's
  // label and the Show numbers tables are): leaving them out keeps the run short.
  const result = await page.evaluate(async () => window.axe.run({ exclude: [['g.cell'], ['.row-labels'], ['.col-labels']] },
    { resultTypes: ['violations'] }));
  return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.failureSummary.split('\n')[1] || ''}`).join(' | ')}`);
}

for (const [name, options] of [
  ['light', { path: 'index.html?theme=light' }],
  ['dark', { path: 'index.html?theme=dark' }],
  ['375 px', { path: 'index.html', width: 375, height: 800 }],
]) {
  test(`axe-core: no serious or critical problems (${name})`, async () => {
    const { page, errors } = await browser.open('http', options);
    const states = await showAllSections(page);
    assert.ok(Object.values(states).every((s) => s === 'ready'));
    for (const summary of await page.locator('.numbers:visible summary').all()) await summary.click();
    // Each table is built on its <details> element's toggle event, a task after the click.
    await page.waitForFunction(() => [...document.querySelectorAll('details.numbers[open]')].every((d) => d.querySelector('.numbers-body table')));
    assert.deepEqual(await axeProblems(page), []);
    assert.deepEqual(errors, []);
  });
}

// WCAG contrast of every number drawn in a heatmap cell against its cell (axe does not look inside SVG).
function worstCellContrast() {
  const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)]; return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  let worst = { ratio: Infinity, cell: '' };
  document.querySelectorAll('g.cell').forEach((g) => {
    const text = g.querySelector('text');
    if (!text.textContent) return;
    const r = ratio(getComputedStyle(text).fill, getComputedStyle(g.querySelector('rect')).fill);
    if (r < worst.ratio) worst = { ratio: r, cell: `${g.closest('section').id}: ${text.textContent}` };
  });
  return worst;
}

// The same for numbers painted on canvas (figures above 400 cells): each is drawn in the ink
// the SVG rule picks for its cell (black or white, whichever contrasts more, at least 4.58:1),
// read back as the glyph pixel that differs most from the cell: it must lie on the ink's side of
// the cell's colour and reach INK_LEAST:1.
const INK_LEAST = 4.5; // the strongest pixel of an 11 px number reaches its ink nearly in full (4.66:1 at worst here)
function worstCanvasInk() {
  const lum = ([r, g, b]) => {
    const lin = (v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (x, y) => (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  let [worst, cells] = [{ ratio: Infinity, cell: '' }, 0];
  for (const canvas of document.querySelectorAll('canvas.heatmap-canvas.active')) {
    const chart = canvas.closest('.heatmap');
    const [, rows, cols] = chart.querySelector('svg').getAttribute('aria-label').match(/(\d+) by (\d+) cells/).map(Number);
    const side = Number(canvas.dataset.paintedWidth) / cols; // the figure: the canvas's top-left corner
    if (side < 30) continue; // no numbers drawn
    const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const at = (x, y) => Array.from(px.slice(4 * (y * canvas.width + x), 4 * (y * canvas.width + x) + 3));
    for (let k = 0; k < rows * cols; k++) {
      const [x0, y0] = [Math.ceil((k % cols) * side), Math.ceil(Math.floor(k / cols) * side)];
      const fill = lum(at(x0 + 2, y0 + 2));
      const black = ratio(fill, 0) >= ratio(fill, 1);
      let strongest = fill;
      for (let y = y0 + 3; y < y0 + side - 4; y++) {
        for (let x = x0 + 3; x < x0 + side - 4; x++) {
          const l = lum(at(x, y));
          if (Math.abs(l - fill) > Math.abs(strongest - fill)) strongest = l;
        }
      }
      if (strongest === fill) continue; // a blocked or empty cell
      cells++;
      const r = (black ? strongest < fill : strongest > fill) ? ratio(strongest, fill) : 0;
      if (r < worst.ratio) worst = { ratio: r, cell: `${chart.closest('section').id}, cell ${k}` };
    }
  }
  return { ...worst, cells };
}

for (const theme of ['light', 'dark']) {
  test(`every number in a heatmap cell has 4.5:1 contrast with its cell, in SVG and on canvas (${theme})`, async () => {
    const { page } = await browser.open('http', { path: `index.html?theme=${theme}` });
    await showAllSections(page);
    const worst = await page.evaluate(worstCellContrast);
    assert.ok(worst.ratio >= 4.5, `${worst.cell} has ${worst.ratio.toFixed(2)}:1`);
    const ink = await page.evaluate(worstCanvasInk);
    assert.ok(ink.cells >= 81, `numbers on canvas were read (${ink.cells} cells)`);
    assert.ok(ink.ratio >= INK_LEAST, `${ink.cell}: its number reaches ${ink.ratio.toFixed(2)}:1 on the ink's side`);
  });
}

test('at 375 px no formula or figure is wider than the page', async () => {
  const { page } = await browser.open('http', { width: 375, height: 800 });
  await showAllSections(page);
  const wide = await page.$$eval('main math[display="block"], main .formula', (all) => all
    .filter((m) => m.getBoundingClientRect().right > document.documentElement.clientWidth + 1
      || m.scrollWidth > m.clientWidth + 1)
    .map((m) => `${m.closest('section').id}: ${Math.round(m.scrollWidth)} px in ${Math.round(m.clientWidth)}`));
  assert.deepEqual(wide, []);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
});

test('the theme switch repaints the charts: dark cells differ from light ones and stay visible', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'self-attention');
  const fills = () => section.locator('g.cell rect').evaluateAll((r) => r.map((el) => el.getAttribute('fill')));
  const light = await fills();
  await page.selectOption('#atlas-theme', 'dark');
  await page.waitForFunction(() => getComputedStyle(document.documentElement).backgroundColor === 'rgb(21, 23, 27)');
  const dark = await fills();
  assert.notDeepEqual(dark, light);
  assert.ok(!dark.includes('rgb(21, 23, 27)'), 'no cell is painted in the page colour');
  assert.deepEqual(errors, []);
});

test('print media: prose and figures, no controls or tools', async () => {
  const { page, errors } = await browser.open('http');
  await showAllSections(page);
  await page.emulateMedia({ media: 'print' });
  const visible = (selector) => page.$$eval(selector, (all) => all.filter((el) => el.getClientRects().length > 0).length);
  for (const selector of ['.controls', 'input', 'button', '.embed-share', '.figure-tools', '.numbers', '.section-tools', '.theme-switch']) {
    assert.equal(await visible(selector), 0, `${selector} is not printed`);
  }
  assert.ok(await visible('main figure svg') > 20, 'the figures are');
  // On screen a section far from view is not rendered (content-visibility: auto); on paper every one is.
  assert.deepEqual(await page.$$eval('main > section', (all) => [...new Set(all.map((s) => getComputedStyle(s).contentVisibility))]), ['visible']);
  assert.ok(await visible('main section > p') > 20, 'and the prose');
  const tooWide = await page.$$eval('main figure', (all) => all.filter((f) => f.scrollWidth > f.clientWidth + 1).length);
  assert.equal(tooWide, 0, 'figures fit the page');
  assert.deepEqual(errors, []);
});
