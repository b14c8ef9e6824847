// Section 6 in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, cellTexts } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

for (const mode of ['http', 'file']) {
  test(`causal (${mode}): mask and weights, the step slider reveals rows, the toggle changes the blocked cells`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'causal');
    const mask = section.locator('[data-chart="mask"]');
    const weights = section.locator('[data-chart="weights"]');
    const readout = section.locator('[data-step-readout]');
    const step = section.locator('input[name="step"]');

    // 8 words: 8 x 8 cells in both, 28 of them (above the diagonal) blocked and hatched.
    assert.equal(await mask.locator('g.cell').count(), 64);
    assert.equal(await mask.locator('g.cell.blocked').count(), 28);
    assert.equal(await weights.locator('g.cell').count(), 64);
    assert.equal(await weights.locator('g.cell.blocked').count(), 28);
    assert.equal(await weights.locator('g.cell.blocked rect[fill^="url("]').count(), 28, 'blocked cells are hatched');
    const full = await cellTexts(weights);
    assert.equal(full[0], '1.00', 'the first word sees only itself');
    assert.equal(full[1], '', 'a blocked cell shows no number');
    assert.match(await readout.textContent(), /At step 8, “slept” sees: the cat sat on the mat and slept/);

    // The step slider reveals rows one at a time; earlier rows do not change.
    await step.fill('3');
    assert.equal(await weights.locator('g.cell').count(), 24);
    assert.deepEqual(await weights.locator('.row-labels text').allTextContents(), ['the', 'cat', 'sat']);
    assert.deepEqual(await cellTexts(weights), full.slice(0, 24));
    assert.match(await readout.textContent(), /^At step 3, “sat” sees: the cat sat$/);
    assert.equal(await mask.locator('.row-labels text.active').textContent(), 'sat', 'the current row is highlighted');
    await step.fill('1');
    assert.match(await readout.textContent(), /^At step 1, “the” sees: the$/);
    await step.fill('8');

    // Mask off: the same scores, nothing blocked, future words get weight.
    await section.locator('input[name="masked"]').uncheck();
    assert.equal(await weights.locator('g.cell.blocked').count(), 0);
    const unmasked = await cellTexts(weights);
    assert.notEqual(unmasked[0], '1.00');
    assert.notEqual(unmasked[1], '');
    assert.match(await readout.textContent(), /mask off, “slept” sees every word/);
    assert.equal(await section.locator('.pair-panel.is-off').count(), 1);
    await section.locator('input[name="masked"]').check();
    assert.deepEqual(await cellTexts(weights), full);

    // Seed and sentence redraw; a new sentence shows all its steps.
    await section.locator('input[name="seed"]').fill('7');
    assert.notDeepEqual(await cellTexts(weights), full);
    const sentence = section.locator('input[name="sentence"]');
    await sentence.fill('one two three four five');
    assert.equal(await step.getAttribute('max'), '5');
    assert.equal(await step.inputValue(), '5');
    assert.equal(await weights.locator('g.cell').count(), 25);
    assert.equal(await mask.locator('g.cell.blocked').count(), 10);

    // Bad input: next to its control, the last figure stays.
    await sentence.fill('   ');
    const sentenceError = section.locator('[data-error-for="sentence"]');
    assert.match(await sentenceError.textContent(), /empty/);
    assert.equal(await weights.locator('g.cell').count(), 25);
    await section.locator('input[name="seed"]').fill('-1');
    assert.match(await section.locator('[data-error-for="seed"]').textContent(), /Seed must be a whole number from 0 to 4,294,967,295\./);
    await section.locator('input[name="seed"]').fill('1');
    await sentence.fill('a b c');
    assert.equal(await sentenceError.isVisible(), false);
    assert.equal(await weights.locator('g.cell').count(), 9);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
