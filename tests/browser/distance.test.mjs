// Section 9 in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue, drawnCells } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// Cells are too small for numbers here (so they are painted on canvas): compare what is
// drawn, cell colours and curve paths.
const fills = async (panel) => (await drawnCells(panel)).fills;
const cellCount = async (panel) => (await drawnCells(panel)).fills.length;
const blockedCount = async (panel) => (await drawnCells(panel)).blocked.filter(Boolean).length;
const paths = (chart) => chart.locator('.series path').evaluateAll((els) => els.map((e) => e.getAttribute('d')));

for (const mode of ['http', 'file']) {
  test(`distance (${mode}): decay patterns and ALiBi heads redraw from their own controls`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'distance');
    const decayPanels = section.locator('[data-chart="decays"] .panel');
    const decayCurves = section.locator('[data-chart="decay-curves"]');
    const alibiPanels = section.locator('[data-chart="alibi"] .panel');
    const alibiCurves = section.locator('[data-chart="alibi-curves"]');

    // Part A
    assert.equal(await decayPanels.count(), 3);
    for (let k = 0; k < 3; k++) assert.equal(await cellCount(decayPanels.nth(k)), 400);
    assert.equal((await paths(decayCurves)).length, 3);
    assert.deepEqual(await decayCurves.locator('.legend li').allTextContents(),
      ['Linear (width 10)', 'Exponential (width 3)', 'Gaussian (width 3)']);

    const widthControls = ['linearWidth', 'expWidth', 'gaussWidth'];
    for (let k = 0; k < 3; k++) {
      const before = await Promise.all([0, 1, 2].map((p) => fills(decayPanels.nth(p))));
      const curves = await paths(decayCurves);
      await setValue(section.locator(`input[name="${widthControls[k]}"]`), '1.5');
      const after = await Promise.all([0, 1, 2].map((p) => fills(decayPanels.nth(p))));
      [0, 1, 2].forEach((p) => (p === k ? assert.notDeepEqual(after[p], before[p], `${widthControls[k]} redraws its pattern`)
        : assert.deepEqual(after[p], before[p], `${widthControls[k]} leaves pattern ${p} alone`)));
      const nowCurves = await paths(decayCurves);
      assert.notEqual(nowCurves[k], curves[k], `${widthControls[k]} redraws its curve`);
    }
    await setValue(section.locator('input[name="n"]'), '8');
    for (let k = 0; k < 3; k++) assert.equal(await cellCount(decayPanels.nth(k)), 64);
    assert.equal(await decayCurves.locator('.series').first().locator('circle').count(), 8, 'one point per distance 0..7');
    await setValue(section.locator('input[name="n"]'), '64');
    assert.equal(await decayPanels.nth(0).locator('canvas.active').count(), 1, '64 x 64 is painted on a canvas');
    assert.equal(await decayCurves.locator('circle').count(), 0, 'no dots on 64 distances: they would touch');

    // Part B
    const words = 19;
    assert.equal(await alibiPanels.count(), 4);
    assert.equal(await cellCount(alibiPanels.nth(0)), words * words);
    assert.equal(await blockedCount(alibiPanels.nth(0)), (words * (words - 1)) / 2, 'causal by default');
    assert.deepEqual(await alibiPanels.locator('.panel-title').allTextContents(),
      ['Head 1 · m = 0.25', 'Head 2 · m = 0.0625', 'Head 3 · m = 0.0156', 'Head 4 · m = 0.00391']);
    assert.deepEqual(await alibiCurves.locator('.legend li').allTextContents(), ['without the penalty', 'with the ALiBi penalty']);

    const head1 = await fills(alibiPanels.nth(0));
    const curves = await paths(alibiCurves);
    await setValue(section.locator('input[name="slopeScale"]'), '8');
    assert.notDeepEqual(await fills(alibiPanels.nth(0)), head1, 'slope multiplier redraws the heads');
    assert.notEqual((await paths(alibiCurves))[1], curves[1], 'and the curve with the penalty');
    assert.equal(await alibiPanels.nth(0).locator('.panel-title').textContent(), 'Head 1 · m = 2');

    await setValue(section.locator('input[name="slopeScale"]'), '0');
    const [plainCurve, biasedCurve] = await paths(alibiCurves);
    assert.equal(plainCurve, biasedCurve, 'slope 0 is plain attention');
    const note = await alibiPanels.nth(0).locator('.panel-note').textContent();
    const [, withBias, without] = note.match(/within one word: (\d+%) \(no penalty: (\d+%)\)/);
    assert.equal(withBias, without);

    await setValue(section.locator('input[name="heads"]'), '6');
    assert.equal(await alibiPanels.count(), 6);
    await section.locator('input[name="causal"]').uncheck();
    assert.equal(await blockedCount(alibiPanels.nth(0)), 0, 'symmetric form blocks nothing');
    const atSeed1 = await fills(alibiPanels.nth(2));
    await setValue(section.locator('input[name="seed"]'), '9');
    assert.notDeepEqual(await fills(alibiPanels.nth(2)), atSeed1, 'seed redraws');
    const atSeed9 = await fills(alibiPanels.nth(2));
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual(await fills(alibiPanels.nth(2)), atSeed9, 'New weights redraws');

    const sentence = section.locator('input[name="sentence"]');
    await setValue(sentence, 'one two three four');
    assert.equal(await cellCount(alibiPanels.nth(0)), 16);
    assert.deepEqual(await alibiPanels.nth(0).locator('.row-labels text').allTextContents(), ['one', 'two', 'three', 'four']);

    // Bad input: the message beside the sentence, both figures stay.
    const sentenceError = section.locator('[data-error-for="sentence"]');
    await setValue(sentence, ' ');
    assert.match(await sentenceError.textContent(), /empty/);
    assert.equal(await sentenceError.isVisible(), true);
    await setValue(sentence, 'w '.repeat(65));
    assert.match(await sentenceError.textContent(), /65 words; the limit is 64/);
    assert.equal(await cellCount(alibiPanels.nth(0)), 16);
    await setValue(section.locator('input[name="seed"]'), '');
    assert.match(await section.locator('[data-error-for="seed"]').textContent(), /Seed must be a whole number from 0 to 4,294,967,295\./);
    assert.equal(await section.locator('[data-error-for="n"]').isVisible(), false, 'part A is untouched');
    await setValue(section.locator('input[name="seed"]'), '3');
    await setValue(sentence, 'back to work');
    assert.equal(await sentenceError.isVisible(), false);
    assert.equal(await cellCount(alibiPanels.nth(0)), 9);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
