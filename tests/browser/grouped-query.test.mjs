// Section 15 in a real Chromium, over http and from file://: the heads draw and
// follow h and g, the cache size follows its presets and fields, bad input gets a
// message beside its control.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue, drawnCells, drawnCellsEach, tableNumbers, downloaded } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const frame = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
const titles = (section) => section.locator('[data-chart="heads"] .panel > .panel-title').allTextContents();

for (const mode of ['http', 'file']) {
  test(`grouped-query (${mode}): heads by group, the cache by preset and field, messages beside the controls`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'grouped-query');
    const heads = section.locator('[data-chart="heads"]');

    // A: 4 query heads over 2 key/value heads.
    assert.deepEqual(await titles(section), ['Query head 1 · key/value head 1', 'Query head 2 · key/value head 1',
      'Query head 3 · key/value head 2', 'Query head 4 · key/value head 2']);
    const atTwo = (await drawnCellsEach(heads)).map((c) => c.fills);
    assert.equal(atTwo[0].length, 11 * 11);
    await setValue(section.locator('input[name="kvHeads"]'), '1');
    assert.ok((await titles(section)).every((t) => t.endsWith('key/value head 1')));
    assert.notDeepEqual((await drawnCellsEach(heads)).map((c) => c.fills), atTwo, 'g redraws the heads');
    await section.locator('select[name="heads"]').selectOption('8');
    await frame(page);
    assert.equal((await titles(section)).length, 8);
    await setValue(section.locator('input[name="kvHeads"]'), '3');
    const kvError = section.locator('[data-error-for="kvHeads"]');
    assert.equal(await kvError.isVisible(), true);
    assert.match(await kvError.textContent(), /must divide heads \(8\)/);
    assert.equal((await titles(section)).length, 8, 'the last good figure stays');
    await setValue(section.locator('input[name="kvHeads"]'), '4');
    assert.equal(await kvError.isVisible(), false);
    const atSeed = (await drawnCellsEach(heads)).map((c) => c.fills);
    await setValue(section.locator('input[name="seed"]'), '5');
    assert.notDeepEqual((await drawnCellsEach(heads)).map((c) => c.fills), atSeed, 'the seed redraws');
    await setValue(section.locator('input[name="sentence"]'), 'one two three');
    assert.equal((await drawnCellsEach(heads))[0].fills.length, 9);
    // h below g: the slider ends at h, so g becomes h (multi-head attention), drawn at once.
    await section.locator('select[name="heads"]').selectOption('2');
    await page.waitForFunction(() => document.querySelectorAll('#grouped-query [data-chart="heads"] .panel > .panel-title').length === 2);
    assert.equal(await section.locator('input[name="kvHeads"]').inputValue(), '2');
    assert.deepEqual(await titles(section), ['Query head 1 · key/value head 1', 'Query head 2 · key/value head 2']);
    // The address follows (after a moment: ui/url-state.js); g = 2 is the default, so it drops g.
    await page.waitForFunction(() => !/kvHeads=/.test(location.search));
    // Back to 8: the six panels taken out come back (charts/grid.js keeps them) with the core's new weights.
    await section.locator('select[name="heads"]').selectOption('8');
    await page.waitForFunction(() => document.querySelectorAll('#grouped-query [data-chart="heads"] .panel > .panel-title').length === 8);
    const want = await page.evaluate(async () => {
      const core = await window.createAttentionCore();
      return core.groupedQuery(['one', 'two', 'three'], { heads: 8, kvHeads: 2, seed: 5 }).heads.map((h) => Array.from(h.weights.data));
    });
    const drawn = await heads.locator('.panel').evaluateAll((panels) => panels.map((p) => [...p.querySelectorAll('g.cell')].map((c) => Number(c.dataset.value))));
    assert.equal(drawn.length, 8);
    drawn.forEach((values, j) => values.forEach((v, k) => assert.ok(Math.abs(v - want[j][k]) < 1e-9, `head ${j + 1}, cell ${k}: ${v} vs ${want[j][k]}`)));
    assert.equal((await titles(section))[7], 'Query head 8 · key/value head 2');

    // B: the cache of Llama 2 70B, then Mistral 7B, then my own numbers.
    const line = section.locator('[data-gq="cache"]');
    const bars = section.locator('[data-chart="cache"] g.bar');
    assert.match(await line.textContent(), /^Cache: 1\.342 GB \(1,342,177,280 bytes\) · one token of one sequence: 320 KiB/);
    assert.equal(await bars.count(), 7, 'g = 1, 2, 4, ..., 64');
    await section.locator('select[name="preset"]').selectOption('mistral-7b');
    await frame(page);
    await frame(page);
    assert.equal(await section.locator('input[name="layers"]').inputValue(), '32');
    assert.equal(await section.locator('input[name="context"]').inputValue(), '8192');
    assert.match(await line.textContent(), /^Cache: 1\.074 GB \(1,073,741,824 bytes\)/);
    assert.equal(await bars.count(), 6, 'g = 1, 2, 4, 8, 16, 32');
    await section.locator('select[name="bytesPerNumber"]').selectOption('0.5');
    await frame(page);
    assert.match(await line.textContent(), /\(268,435,456 bytes\)/);
    await setValue(section.locator('input[name="batch"]'), '4');
    assert.match(await line.textContent(), /\(1,073,741,824 bytes\)/);
    await setValue(section.locator('input[name="layers"]'), '16');
    await frame(page);
    assert.equal(await section.locator('select[name="preset"]').inputValue(), 'custom', 'an edited shape is no longer the preset');
    await setValue(section.locator('input[name="cacheKvHeads"]'), '5');
    const cacheError = section.locator('[data-error-for="cacheKvHeads"]');
    assert.equal(await cacheError.isVisible(), true);
    assert.match(await cacheError.textContent(), /must divide heads \(32\)/);
    await setValue(section.locator('input[name="context"]'), '0');
    assert.match(await section.locator('[data-error-for="context"]').textContent(), /Context \(tokens\) must be a whole number from 1 to 10,000,000/);
    await setValue(section.locator('input[name="context"]'), '100');
    await setValue(section.locator('input[name="cacheKvHeads"]'), '8');
    assert.equal(await cacheError.isVisible(), false);
    assert.match(await line.textContent(), /\(6,553,600 bytes\)/); // 2 x 16 x 8 x 128 x 100 x 4 x 0.5

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}

test('grouped-query: panels put aside by a smaller h and shown again after a theme switch are painted in the new theme', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'grouped-query');
  const heads = section.locator('[data-chart="heads"]');
  const lastPanelFills = async () => (await drawnCells(heads.locator('.panel').nth(7))).fills;
  const panels = (n) => page.waitForFunction((k) => document.querySelectorAll('#grouped-query [data-chart="heads"] .panel > .panel-title').length === k, n);
  await setValue(section.locator('input[name="sentence"]'), 'one two three');
  await section.locator('select[name="heads"]').selectOption('8');
  await panels(8);
  const light = await lastPanelFills();
  assert.equal(light.length, 9);
  await section.locator('select[name="heads"]').selectOption('2');
  await panels(2);
  await page.selectOption('#atlas-theme', 'dark');
  await page.waitForFunction(() => getComputedStyle(document.documentElement).backgroundColor === 'rgb(21, 23, 27)');
  await section.locator('select[name="heads"]').selectOption('8');
  await panels(8);
  const dark = await lastPanelFills();
  assert.equal(dark.length, 9);
  assert.ok(dark.every((fill, k) => fill !== light[k]), `head 8 in the dark theme: ${dark} (light: ${light})`);
  assert.deepEqual(errors, []);
});

test('grouped-query: a new sentence and another control changed within one frame both reach the figure', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'grouped-query');
  // g first (drawn at once), then the sentence and h in the same task: both wait for the next frame
  // (ui/frame.js), where the sentence must still be tokenized although h changed after it.
  await page.evaluate(() => {
    const root = document.getElementById('grouped-query');
    const set = (name, value) => {
      const el = root.querySelector(`[name="${name}"]`);
      el.value = value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    set('kvHeads', '1');
    set('sentence', 'one two three');
    set('heads', '2');
  });
  await page.waitForFunction(() => document.querySelectorAll('#grouped-query [data-chart="heads"] .panel > .panel-title').length === 2);
  await frame(page);
  for (const k of [0, 1]) {
    assert.deepEqual(await section.locator('[data-chart="heads"] .panel').nth(k).locator('.row-labels text').allTextContents(), ['one', 'two', 'three']);
  }
  assert.deepEqual(errors, []);
});

test('grouped-query: the panels of h = 8, built ahead while the page is idle, are kept out of sight until asked for, then show the core\'s weights', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'grouped-query');
  const heads = section.locator('[data-chart="heads"]');
  for (let k = 0; k < 8; k++) await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle))); // one panel a moment
  await setValue(section.locator('input[name="sentence"]'), 'one two three');
  assert.equal(await heads.locator('.panel').count(), 4);
  assert.equal(await titles(section).then((t) => t.length), 4);
  // The kept panels: out of sight, out of reach (inert) and out of the figure's exported image.
  const kept = heads.locator('.kept-panel');
  // Built one an idle moment: waited for, not read at once (an idle callback may come late on a busy machine).
  await page.waitForFunction(() => document.querySelectorAll('#grouped-query [data-chart="heads"] .kept-panel').length >= 4);
  assert.equal(await kept.count(), 4);
  for (let k = 0; k < 4; k++) {
    assert.equal(await kept.nth(k).locator('.panel-title').isVisible(), false);
    assert.equal(await kept.nth(k).evaluate((p) => p.inert), true);
  }
  const svg = (await downloaded(page, heads.locator('xpath=ancestor::figure[1]'), 'SVG')).bytes.toString('utf8');
  const exported = await page.evaluate((text) => {
    const image = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { images: image.querySelectorAll('image').length, titles: [...image.querySelectorAll('text')].filter((t) => /^Query head/.test(t.textContent)).length };
  }, svg);
  assert.deepEqual(exported, { images: 4, titles: 4 }, 'the export shows the four panels in sight');
  await section.locator('select[name="heads"]').selectOption('8');
  await page.waitForFunction(() => document.querySelectorAll('#grouped-query [data-chart="heads"] .panel > .panel-title').length === 8);
  const words = await heads.locator('.panel').first().locator('.row-labels text').allTextContents();
  const seed = Number(await section.locator('input[name="seed"]').inputValue());
  const want = await page.evaluate(async ({ words, seed }) => {
    const core = await window.createAttentionCore();
    return core.groupedQuery(words, { heads: 8, kvHeads: 2, seed }).heads.map((h) => Array.from(h.weights.data));
  }, { words, seed });
  // The panels paint on canvas: their numbers are read from "Show numbers" (one table a panel, at the chart's
  // format, 2 decimals). A panel built ahead was first drawn with head 1's weights: heads 5-8 (key/value head 2)
  // must show their own, which differ from head 1's.
  const figure = heads.locator('xpath=ancestor::figure[1]');
  const drawn = [];
  for (let j = 0; j < 8; j++) drawn.push((await tableNumbers(figure, j)).flat());
  drawn.forEach((values, j) => {
    assert.equal(values.length, words.length ** 2, `head ${j + 1}`);
    values.forEach((v, k) => assert.ok(Math.abs(v - want[j][k]) <= 0.005 + 1e-12, `head ${j + 1}, cell ${k}: ${v} vs ${want[j][k]}`));
  });
  assert.ok(want[4].some((w, k) => Math.abs(w - want[0][k]) > 0.02), 'heads 1 and 5 differ enough for the check to tell them apart');
  assert.deepEqual((await titles(section)).slice(4), ['Query head 5 · key/value head 2', 'Query head 6 · key/value head 2',
    'Query head 7 · key/value head 2', 'Query head 8 · key/value head 2']);
  assert.deepEqual(errors, []);
});
