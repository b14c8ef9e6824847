// How figures redraw while controls move (site/src/charts/width.js, heatmap.js,
// ui/figure-tools.js, ui/url-state.js): charts take their width from a
// ResizeObserver and follow a new width; a grid's new panel is as wide as the
// others; "Show numbers" built when opened holds the numbers drawn last; a tall
// heatmap labels only the rows it shows; the address gets a dragged slider's
// final value once it stops; figures of more than 400 cells are painted on canvas.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue, drawnCells } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const frame = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));

test('charts lay themselves out again at a new width: line charts and heatmaps fill their container', async () => {
  const { page, errors } = await browser.open('http', { width: 1280 });
  const section = await showSection(page, 'positional-encoding');
  const widths = () => section.evaluate((root) => ['dimensions', 'encoding'].map((name) => {
    const chart = root.querySelector(`[data-chart="${name}"]`);
    return { container: chart.clientWidth, svg: Number(chart.querySelector('svg').getAttribute('width')) };
  }));
  const wide = await widths();
  assert.equal(wide[0].svg, wide[0].container, 'the line chart is as wide as its container');
  await page.setViewportSize({ width: 700, height: 900 });
  await page.waitForFunction(() => {
    const chart = document.querySelector('#positional-encoding [data-chart="dimensions"]');
    return Number(chart.querySelector('svg').getAttribute('width')) === chart.clientWidth;
  });
  const narrow = await widths();
  assert.ok(narrow[0].container < wide[0].container, 'the page is narrower');
  assert.ok(narrow[1].svg <= narrow[1].container, 'the heatmap fits its narrower container');
  assert.ok(narrow[1].svg < wide[1].svg, 'the heatmap shrank with it');
  assert.deepEqual(errors, []);
});

test('panels a slider adds to a grid are as wide as the panels already there', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'distance');
  const heads = section.locator('input[name="heads"]');
  const svgWidths = () => section.locator('[data-chart="alibi"] .panel svg.heatmap-svg')
    .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('width')));
  await setValue(heads, 1);
  const one = await svgWidths();
  await setValue(heads, 6);
  await frame(page);
  const six = await svgWidths();
  assert.equal(six.length, 6);
  assert.deepEqual(six, Array(6).fill(one[0]), 'every panel drawn at the first panel\'s width');
  assert.deepEqual(errors, []);
});

test('"Show numbers" opened after slider moves shows the numbers drawn last', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'patterns');
  const figure = section.locator('figure').first();
  assert.equal(await figure.locator('.numbers-body table').count(), 0, 'no tables are built while closed');
  for (const n of [12, 5, 7]) await setValue(section.locator('input[name="n"]'), n);
  assert.equal(await figure.locator('.numbers-body table').count(), 0, 'still none after the moves');
  await figure.locator('.numbers summary').click();
  const tables = figure.locator('.numbers table');
  assert.equal(await tables.count(), 7, 'one table per panel');
  assert.equal(await tables.first().locator('tbody tr').count(), 7, 'n = 7 rows, the last value');
  const drawn = await section.locator('.panel g.cell')
    .evaluateAll((cells) => cells.map((c) => (c.classList.contains('blocked') ? 'blocked' : Number(c.dataset.value).toFixed(2))));
  assert.equal(drawn.length, 7 * 49);
  assert.ok(drawn.includes('blocked') && drawn.includes('0.14'), 'skipped scores and the uniform 1/7 both appear');
  assert.deepEqual(await tables.locator('tbody td').allTextContents(), drawn, 'the tables hold what the panels draw, in order');
  assert.deepEqual(errors, []);
});

test('a 512-row heatmap labels only the rows it shows, each with its own position', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'positional-encoding');
  await setValue(section.locator('input[name="length"]'), 512);
  const labels = await section.locator('[data-chart="similarity"] .row-labels text').allTextContents();
  assert.ok(labels.length > 10 && labels.length < 512, `${labels.length} labels, thinned`);
  const step = Number(labels[1]);
  assert.ok(step > 1);
  assert.deepEqual(labels, labels.map((_, k) => String(k * step)), 'every step-th position, in order');
  assert.equal(labels.length, Math.ceil(512 / step));
  assert.deepEqual(errors, []);
});

test('the address gets a dragged slider\'s final value once it stops', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'patterns');
  await section.locator('input[name="n"]').evaluate((el) => {
    for (const v of [11, 12, 13, 14, 15]) {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await page.waitForFunction(() => new URL(window.location.href).searchParams.get('patterns.n') === '15');
  assert.equal((await drawnCells(section.locator('.panel').first())).fills.length, 15 * 15, 'and the figure shows it');
  assert.deepEqual(errors, []);
});

// Layers: 6 panels of 9 x 9 cells (486, above the 400-cell SVG limit) are painted on canvas,
// numbers and all; 3 words (54 cells) are SVG again, at the same cell size.
test('a figure of more than 400 cells is painted on canvas with its numbers; a small one is SVG', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'layers');
  const grid = section.locator('[data-chart="layers"]');
  assert.equal(await grid.locator('canvas.heatmap-canvas.active').count(), 6);
  assert.equal(await grid.locator('g.cell').count(), 0, 'no SVG cells under the canvas');
  // Inside a cell, the number's glyphs are pixels of another colour than the cell's fill.
  const inked = await grid.locator('canvas.heatmap-canvas.active').first().evaluate((canvas) => {
    const side = canvas.width / 9;
    const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const at = (x, y) => Array.from(px.slice(4 * (y * canvas.width + x), 4 * (y * canvas.width + x) + 3)).join();
    let cells = 0;
    for (let k = 0; k < 81; k++) {
      const [x0, y0] = [Math.floor((k % 9) * side), Math.floor(Math.floor(k / 9) * side)];
      const fill = at(x0 + 2, y0 + 2);
      const y = Math.floor(y0 + side / 2);
      let other = 0;
      for (let x = x0 + 2; x < x0 + side - 3; x++) if (at(x, y) !== fill) other++;
      if (other > 3) cells++;
    }
    return cells;
  });
  assert.equal(inked, 81, 'every cell of layer 1 has its number drawn');
  await setValue(section.locator('input[name="sentence"]'), 'one two three');
  assert.equal(await grid.locator('canvas.heatmap-canvas.active').count(), 0);
  assert.equal(await grid.locator('g.cell').count(), 54);
  assert.match(await grid.locator('g.cell text').first().textContent(), /^\d\.\d\d$/, 'numbers in SVG cells');
  assert.deepEqual(errors, []);
});
