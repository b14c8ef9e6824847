// Section 3 in a real Chromium, over http and from file://: one panel per
// head, shapes of each step, linked hover across heads, every control redraws,
// and a d_model that the heads do not divide is reported beside d_model.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, cellTexts, cellValues } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

for (const mode of ['http', 'file']) {
  test(`multi-head (${mode}): h panels, shapes, linked hover, controls and bad d_model`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const first = await showSection(page, 'self-attention');
    const section = await showSection(page, 'multi-head');
    const chart = section.locator('[data-chart="heads"]');
    const panels = chart.locator('.panel');
    const steps = section.locator('[data-shapes] li');
    const heads = section.locator('select[name="heads"]');
    const dModel = section.locator('input[name="dModel"]');

    assert.equal(await panels.count(), 4, 'default: 4 heads');
    for (let k = 0; k < 4; k++) assert.equal(await panels.nth(k).locator('g.cell').count(), 36);
    assert.deepEqual(await chart.locator('.panel-title').allTextContents(), ['Head 1', 'Head 2', 'Head 3', 'Head 4']);
    const shapes = await steps.allTextContents();
    assert.equal(shapes.length, 6);
    assert.match(shapes[0], /6 × 16/);
    assert.match(shapes[1], /6 × 4 .*d_k = 4/);
    assert.match(shapes[2], /6 × 6/);
    assert.match(shapes[4], /6 × 16/);
    assert.match(shapes[5], /16 × 16\): 6 × 16/);

    // Linked hover: (query 2, key 4) is outlined in every head, each with its own readout.
    await panels.nth(1).locator('g.cell').nth(2 * 6 + 4).hover({ force: true });
    assert.equal(await chart.locator('g.focus[visibility="visible"]').count(), 4);
    const readouts = await chart.locator('.readout').allTextContents();
    for (const r of readouts) assert.match(r, /^“sat” → “the”: [\d.]+%$/);
    assert.equal(new Set(readouts).size > 1, true, 'random heads give different weights');

    await heads.selectOption('8');
    assert.equal(await panels.count(), 8);
    assert.match((await steps.allTextContents())[1], /6 × 2 .*d_k = 2/);
    // One head with section 1's sentence, seed and d_model draws exactly section 1's matrix.
    await heads.selectOption('1');
    assert.equal(await panels.count(), 1);
    assert.deepEqual(await cellTexts(panels), await cellTexts(first.locator('[data-chart="weights"]')));

    await heads.selectOption('4');
    const atSeed1 = await cellTexts(panels);
    await section.locator('input[name="seed"]').fill('2');
    assert.notDeepEqual(await cellTexts(panels), atSeed1, 'seed redraws');
    const atSeed2 = await cellTexts(panels);
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual(await cellTexts(panels), atSeed2, 'New weights draws another seed');
    await dModel.fill('32');
    assert.match((await steps.allTextContents())[1], /6 × 8 .*d_k = 8/);
    await section.locator('input[name="sentence"]').fill('attention is all you need');
    assert.equal(await panels.nth(3).locator('g.cell').count(), 25);
    assert.deepEqual(await panels.nth(0).locator('.row-labels text').allTextContents(), ['attention', 'is', 'all', 'you', 'need']);

    // Causal: every head gets the same hatched upper triangle (5 words: 10 blocked cells per head)
    // and its visible rows still sum to 1; unticking restores the unmasked weights.
    const unmasked = await cellValues(chart);
    const causal = section.locator('input[name="causal"]');
    await causal.check();
    for (let k = 0; k < 4; k++) assert.equal(await panels.nth(k).locator('g.cell.blocked').count(), 10);
    const masked = await cellValues(panels.nth(2));
    for (let i = 0; i < 5; i++) {
      const row = masked.slice(i * 5, (i + 1) * 5);
      assert.ok(row.slice(i + 1).every((w) => w === 0), `row ${i}: no weight on later words`);
      assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-9, `row ${i} sums to 1`);
    }
    await causal.uncheck();
    assert.equal(await panels.locator('g.cell.blocked').count(), 0);
    assert.deepEqual(await cellValues(chart), unmasked);

    // Bad d_model: a message beside it, the last figure stays, fixing it clears the message.
    const before = await cellTexts(panels);
    await dModel.fill('10');
    const dError = section.locator('[data-error-for="dModel"]');
    assert.equal(await dError.textContent(), 'd_model must be a multiple of the 4 heads; got 10.');
    assert.equal(await dError.isVisible(), true);
    assert.equal(await dModel.getAttribute('aria-invalid'), 'true');
    assert.equal(await panels.count(), 4);
    assert.deepEqual(await cellTexts(panels), before);
    await dModel.fill('12');
    assert.equal(await dError.isVisible(), false);
    assert.match((await steps.allTextContents())[1], /5 × 3 .*d_k = 3/);
    // Changing the heads puts the same problem under Heads, the control just changed.
    await heads.selectOption('8');
    const hError = section.locator('[data-error-for="heads"]');
    assert.equal(await hError.textContent(), '8 heads do not divide d_model = 12: choose fewer heads or another d_model.');
    assert.equal(await dError.isVisible(), false);
    assert.equal(await panels.count(), 4);
    await heads.selectOption('2');
    assert.equal(await hError.isVisible(), false);
    assert.equal(await panels.count(), 2);
    await section.locator('input[name="sentence"]').fill('');
    assert.match(await section.locator('[data-error-for="sentence"]').textContent(), /empty/);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
