// Printing right after opening: sections start lazily near the viewport, so
// printing must start the rest first (ui/print.js), and print in the light
// palette even when the page is dark. Each test opens a fresh page and prints
// or emulates print without scrolling.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, eventually } from './harness.mjs';
import { contrast } from '../../site/src/charts/colors.js';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

async function fresh(theme) {
  const opened = await browser.open('http', { path: `index.html?theme=${theme}` });
  await opened.page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  return opened;
}

// { waiting: ids not started, empty: charts shown but with nothing drawn, charts: how many shown }
const drawnNow = (page) => page.evaluate(() => {
  const sections = [...document.querySelectorAll('main > section[data-state]')];
  const charts = sections.flatMap((s) => [...s.querySelectorAll('[data-chart]')]).filter((c) => !c.closest('[hidden]'));
  return {
    waiting: sections.filter((s) => s.dataset.state !== 'ready').map((s) => s.id),
    empty: charts.filter((c) => !c.querySelector('svg *, canvas')).map((c) => c.dataset.chart),
    charts: charts.length,
  };
});
// The same once every figure drew: section 13's probe attention comes a moment later, from its trainer's worker.
const drawnState = (page) => eventually(() => drawnNow(page), (s) => !s.waiting.length && !s.empty.length);

// The colour of the first 40 texts of the figures that stand on the page (or the paper): labels,
// titles, ticks. Not a heatmap cell's number, which is black or white against its own cell's fill.
const labelColours = (page) => page.evaluate(() => [...document.querySelectorAll('main figure svg text')]
  .filter((t) => t.textContent.trim() && t.getClientRects().length && !t.closest('g.cell')).slice(0, 40)
  .map((t) => getComputedStyle(t).fill));

for (const theme of ['light', 'dark']) {
  test(`page.pdf right after opening (${theme}): every section starts and every figure has content`, async () => {
    const { page, errors } = await fresh(theme);
    const before = await drawnNow(page);
    assert.ok(before.waiting.length > 5, `most sections wait for the reader to scroll: ${before.waiting.length}`);
    const pdf = await page.pdf({ format: 'A4' });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
    const afterPrint = await drawnState(page);
    assert.deepEqual(afterPrint.waiting, [], 'every section started for the printout');
    assert.deepEqual(afterPrint.empty, [], 'and drew its figures');
    assert.ok(before.empty.length > 5, `figures not drawn before printing: ${before.empty.length}`);
    assert.ok(pages > 20, `${pages} pages`);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme, 'the theme is back after printing');
    assert.deepEqual(errors, []);
  });
}

test('print media on a dark page: every figure drawn, in the light palette, and dark again after', async () => {
  const { page, errors } = await fresh('dark');
  const screen = await labelColours(page);
  assert.ok(screen.every((c) => contrast(c, 'rgb(255, 255, 255)') < 4.5), `dark labels are light: ${screen[0]}`);
  await page.emulateMedia({ media: 'print' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  const state = await drawnState(page);
  assert.deepEqual(state.waiting, []);
  assert.deepEqual(state.empty, []);
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'light');
  const printed = await labelColours(page);
  assert.ok(printed.length >= 20);
  for (const c of printed) assert.ok(contrast(c, 'rgb(255, 255, 255)') >= 4.5, `a label prints ${c} on white paper`);
  await page.emulateMedia({ media: 'screen' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.equal(await page.locator('#atlas-theme').inputValue(), 'dark');
  assert.deepEqual(errors, []);
});
