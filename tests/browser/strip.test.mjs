// The computation strip of sections 1, 3 and 6 in a real Chromium: choosing a
// cell opens it with that cell's weight, it follows the controls, hover and
// the keyboard, and in section 6 masked keys are excluded from the softmax.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, clickCell, hoverCell } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const cellValue = (chart, k) => chart.locator('g.cell').nth(k).evaluate((c) => Number(c.dataset.value));
const activeBar = (strip, step) => strip.locator(`[data-step="${step}"] .bar.active`)
  .evaluate((b) => ({ value: Number(b.dataset.value), excluded: b.dataset.excluded === 'true' }));
const vectorLength = (strip, step, row = 0) => strip.locator(`[data-step="${step}"] g.vector`).nth(row).locator('.vector-cells rect').count();
const summary = (strip) => strip.locator('[data-strip-summary]').textContent();

// The strip's chosen weight is the heatmap cell's exact number, and its summary says so to 3 decimals.
async function assertShowsCell(strip, chart, k) {
  const value = await cellValue(chart, k);
  assert.equal((await activeBar(strip, 'softmax')).value, value, 'the highlighted weight is the cell value');
  assert.match(await summary(strip), new RegExp(`weight ${value.toFixed(3)}`));
}

for (const mode of ['http', 'file']) {
  test(`section 1 (${mode}): a clicked cell opens the strip with its weight, and the strip follows hover and every control`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'self-attention');
    const chart = section.locator('[data-chart="weights"]');
    const strip = section.locator('[data-strip]');
    assert.equal(await strip.isVisible(), false, 'closed until a cell is chosen');

    await chart.locator('g.cell').nth(8).click({ force: true }); // row 1 ("cat"), key 2 ("sat")
    assert.equal(await strip.isVisible(), true);
    assert.match(await summary(strip), /^“cat” → “sat”: weight/);
    await assertShowsCell(strip, chart, 8);
    assert.equal(await vectorLength(strip, 'input'), 16, 'x_i has d_model entries');
    assert.equal(await vectorLength(strip, 'project', 1), 16, 'k_j has d_k = d_model entries');
    assert.equal(await strip.locator('[data-step="output"] g.vector').count(), 7, 'six weighted values and o_i');
    const lines = await strip.locator('.strip-line').allTextContents();
    assert.equal(lines.length, 6, 'one line of text per step');
    lines.forEach((line) => assert.ok(line.length > 20, line));
    assert.match(lines[3], /\/ √16 = .+ \/ 4\.000 = /, 'the scaling step divides by sqrt(d_k)');

    // Hover moves the strip; leaving the chart brings back the chosen cell.
    await chart.locator('g.cell').nth(0).hover({ force: true });
    assert.match(await summary(strip), /^“The” → “The”/);
    await assertShowsCell(strip, chart, 0);
    await page.mouse.move(1, 1);
    assert.match(await summary(strip), /^“cat” → “sat”/);

    // Controls: d_model, seed and sentence recompute the strip for the same cell.
    await section.locator('input[name="dModel"]').fill('32');
    assert.equal(await vectorLength(strip, 'input'), 32);
    await assertShowsCell(strip, chart, 8);
    const atD32 = await activeBar(strip, 'softmax');
    await section.locator('input[name="seed"]').fill('7');
    assert.notEqual((await activeBar(strip, 'softmax')).value, atD32.value, 'a new seed gives another weight');
    await assertShowsCell(strip, chart, 8);
    await section.locator('input[name="sentence"]').fill('dogs chase cats daily');
    assert.match(await summary(strip), /^“chase” → “cats”/, 'the same query 1 and key 2, in the new sentence');
    await assertShowsCell(strip, chart, 1 * 4 + 2);

    await strip.locator('[data-action="close-strip"]').click();
    assert.equal(await strip.isVisible(), false);
    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}

test('section 1: keyboard selection (arrows, then Enter) opens the strip for the focused cell', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'self-attention');
  const chart = section.locator('[data-chart="weights"]');
  const strip = section.locator('[data-strip]');
  await chart.locator('svg.heatmap-svg').focus();
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key); // (0,0) -> (1,2)
  assert.equal(await strip.isVisible(), false, 'moving the focus alone does not open it');
  await page.keyboard.press('Enter');
  assert.equal(await strip.isVisible(), true);
  assert.match(await summary(strip), /^“cat” → “sat”/);
  await assertShowsCell(strip, chart, 8);
  await page.keyboard.press('ArrowDown'); // the open strip follows the focused cell
  assert.match(await summary(strip), /^“sat” → “sat”/);
  await assertShowsCell(strip, chart, 14);
  await strip.locator('[data-action="close-strip"]').focus();
  await page.keyboard.press('Escape');
  assert.equal(await strip.isVisible(), false, 'Escape inside the strip closes it');
  assert.deepEqual(errors, []);
});

test('section 1 on a phone: the strip opens with its steps collapsed under the one-line summary', async () => {
  const { page, errors } = await browser.open('http', { width: 390, height: 800 });
  const section = await showSection(page, 'self-attention');
  await section.locator('[data-chart="weights"] g.cell').nth(3).click({ force: true });
  const strip = section.locator('[data-strip]');
  assert.equal(await strip.isVisible(), true);
  assert.equal(await strip.locator('details').evaluate((d) => d.open), false);
  assert.equal(await strip.locator('[data-step="softmax"]').isVisible(), false);
  await strip.locator('summary').click();
  assert.equal(await strip.locator('[data-step="softmax"]').isVisible(), true);
  assert.deepEqual(errors, []);
});

// Section 3's panels paint on canvas: the exact weight of head h's cell k is the core's, for the
// sentence, d_model, seed, heads and mask on the page.
async function headWeight(page, section, h, k) {
  const value = (name) => section.locator(`[name="${name}"]`).inputValue();
  const words = await section.locator('[data-chart="heads"] .panel').first().locator('.row-labels text').allTextContents();
  const options = {
    dModel: Number(await value('dModel')), heads: Number(await value('heads')), seed: Number(await value('seed')),
    causal: await section.locator('input[name="causal"]').isChecked(),
  };
  return page.evaluate(async ({ words, options, h, k }) => {
    const core = await window.createAttentionCore();
    return core.multiHead(words, options).heads[h].weights.data[k];
  }, { words, options, h, k });
}

async function assertShowsHeadCell(page, section, strip, h, k) {
  const value = await headWeight(page, section, h, k);
  assert.equal((await activeBar(strip, 'softmax')).value, value, 'the highlighted weight is the head\'s weight');
  assert.match(await summary(strip), new RegExp(`weight ${value.toFixed(3)}`));
}

test('section 3: a cell of one head opens the strip for that head, with d_k = d_model / h', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'multi-head');
  const heads = section.locator('[data-chart="heads"] .panel-chart');
  const strip = section.locator('[data-strip]');
  await clickCell(heads.nth(1), 1, 3); // head 2, row 1, key 3
  assert.match(await summary(strip), /^“cat” → “on” in head 2: weight/);
  await assertShowsHeadCell(page, section, strip, 1, 9);
  assert.equal(await vectorLength(strip, 'input'), 16);
  assert.equal(await vectorLength(strip, 'project'), 4);
  assert.match(await strip.locator('[data-step="project"] .strip-line').textContent(), /d_k = d_model \/ h = 16 \/ 4 = 4/);

  // Hovering another head moves the strip there; leaving brings back head 2's cell, outlined again.
  await hoverCell(heads.nth(3), 0, 0);
  assert.match(await summary(strip), /^“The” → “The” in head 4/);
  await page.mouse.move(1, 1);
  assert.match(await summary(strip), /^“cat” → “on” in head 2/);
  assert.equal(await heads.nth(1).locator('.focus').getAttribute('visibility'), 'visible');

  await section.locator('select[name="heads"]').selectOption('2');
  assert.equal(await vectorLength(strip, 'project'), 8, 'two heads of 8 dimensions');
  await assertShowsHeadCell(page, section, strip, 1, 9);
  await section.locator('input[name="causal"]').check();
  assert.match(await summary(strip), /^“cat” → “on” in head 2: excluded by the mask, weight exactly 0\./);
  assert.deepEqual(await activeBar(strip, 'softmax'), { value: 0, excluded: true });
  assert.equal(await strip.locator('[data-step="softmax"] .bar.excluded').count(), 4, 'keys after "cat" are masked');
  assert.deepEqual(errors, []);
});

test('section 6: the causal strip excludes masked keys from the softmax; with the mask off it does not', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'causal');
  const weights = section.locator('[data-chart="weights"]');
  const strip = section.locator('[data-strip]');
  const n = 8; // "the cat sat on the mat and slept"

  await weights.locator('g.cell').nth(2 * n + 1).click({ force: true }); // "sat" -> "cat", allowed
  assert.match(await summary(strip), /^“sat” → “cat”: weight/);
  await assertShowsCell(strip, weights, 2 * n + 1);
  const bars = strip.locator('[data-step="softmax"] .bar');
  const flags = await bars.evaluateAll((all) => all.map((b) => ({ value: Number(b.dataset.value), excluded: b.dataset.excluded === 'true' })));
  assert.deepEqual(flags.map((b) => b.excluded), [false, false, false, true, true, true, true, true]);
  assert.ok(flags.filter((b) => b.excluded).every((b) => b.value === 0), 'masked keys get weight exactly 0');
  const scaled = await strip.locator('[data-step="scale"] .bar.excluded').evaluateAll((all) => all.map((b) => Number(b.dataset.value)));
  assert.equal(scaled.length, 5);
  assert.ok(scaled.every((s) => s !== 0), 'their scores are still computed, then left out');
  assert.equal(await strip.locator('[data-step="output"] g.vector.muted').count(), 5);

  await weights.locator('g.cell').nth(2 * n + 5).click({ force: true }); // "sat" -> "mat", blocked
  assert.match(await summary(strip), /^“sat” → “mat”: excluded by the mask, weight exactly 0\./);
  assert.deepEqual(await activeBar(strip, 'softmax'), { value: 0, excluded: true });

  await section.locator('input[name="masked"]').uncheck();
  assert.equal(await strip.locator('[data-step="softmax"] .bar.excluded').count(), 0);
  await assertShowsCell(strip, weights, 2 * n + 5);
  assert.ok((await activeBar(strip, 'softmax')).value > 0, 'without the mask the future key has a weight');
  assert.deepEqual(errors, []);
});
