// Section 3 in a real Chromium, over http and from file://: one panel per
// head, shapes of each step, linked hover across heads, every control redraws,
// and a d_model that the heads do not divide is reported beside d_model.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, drawnCells, drawnCellsEach, hoverCell, tableNumbers, eventually } from './harness.mjs';

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
    // The panels paint their cells on canvas: what they draw is read from it, and their numbers
    // from the figure's "Show numbers" tables (two decimals), which the core's are checked against.
    const figure = section.locator('figure:has([data-chart="heads"])');
    const drawn = () => drawnCellsEach(panels);

    assert.equal(await panels.count(), 4, 'default: 4 heads');
    for (let k = 0; k < 4; k++) assert.equal((await drawnCells(panels.nth(k))).fills.length, 36);
    assert.deepEqual(await chart.locator('.panel-title').allTextContents(), ['Head 1', 'Head 2', 'Head 3', 'Head 4']);
    const shapes = await steps.allTextContents();
    assert.equal(shapes.length, 6);
    assert.match(shapes[0], /6 × 16/);
    assert.match(shapes[1], /6 × 4 .*d_k = 4/);
    assert.match(shapes[2], /6 × 6/);
    assert.match(shapes[4], /6 × 16/);
    assert.match(shapes[5], /16 × 16\): 6 × 16/);

    // Linked hover: (query 2, key 4) is outlined in every head, each with its own readout.
    await hoverCell(panels.nth(1), 2, 4);
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
    const sectionOne = (await tableNumbers(first.locator('figure').first())).map((row) => row.slice(0, 6)); // without the row sums
    assert.deepEqual(await eventually(() => tableNumbers(figure), sectionOne), sectionOne);

    await heads.selectOption('4');
    const atSeed1 = await drawn();
    await section.locator('input[name="seed"]').fill('2');
    assert.notDeepEqual(await drawn(), atSeed1, 'seed redraws');
    const atSeed2 = await drawn();
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual(await drawn(), atSeed2, 'New weights draws another seed');
    await dModel.fill('32');
    assert.match((await steps.allTextContents())[1], /6 × 8 .*d_k = 8/);
    await section.locator('input[name="sentence"]').fill('attention is all you need');
    assert.equal((await drawnCells(panels.nth(3))).fills.length, 25);
    assert.deepEqual(await panels.nth(0).locator('.row-labels text').allTextContents(), ['attention', 'is', 'all', 'you', 'need']);

    // Causal: every head gets the same hatched upper triangle (5 words: 10 blocked cells per head),
    // and head 3's numbers are the core's for the same words, d_model, seed and mask; unticking
    // restores the unmasked weights.
    const unmasked = await drawn();
    const causal = section.locator('input[name="causal"]');
    await causal.check();
    const upper = Array.from({ length: 25 }, (_, k) => k % 5 > Math.floor(k / 5));
    for (const panel of await drawn()) assert.deepEqual(panel.blocked, upper);
    const seed = Number(await section.locator('input[name="seed"]').inputValue());
    const expected = await page.evaluate(async (seed) => {
      const core = await window.createAttentionCore();
      const r = core.multiHead(['attention', 'is', 'all', 'you', 'need'], { dModel: 32, heads: 4, seed, causal: true });
      return Array.from(r.heads[2].weights.data);
    }, seed);
    const shown = await eventually(() => tableNumbers(figure, 2), (rows) => rows.flat().some(Number.isNaN));
    assert.deepEqual(shown.flat().map((v) => (Number.isNaN(v) ? 'blocked' : v.toFixed(2))),
      expected.map((w, k) => (upper[k] ? 'blocked' : w.toFixed(2))));
    await causal.uncheck();
    assert.deepEqual(await drawn(), unmasked);

    // Bad d_model: a message beside it, the last figure stays, fixing it clears the message.
    const before = await drawn();
    await dModel.fill('10');
    const dError = section.locator('[data-error-for="dModel"]');
    assert.equal(await dError.textContent(), 'd_model must be a multiple of the 4 heads; got 10.');
    assert.equal(await dError.isVisible(), true);
    assert.equal(await dModel.getAttribute('aria-invalid'), 'true');
    assert.equal(await panels.count(), 4);
    assert.deepEqual(await drawn(), before);
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
