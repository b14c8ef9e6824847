// Section 17 (attention without the n x n matrix) in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue, drawnCells } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

for (const mode of ['http', 'file']) {
  test(`tiling (${mode}): the stepper reveals tiles, the last step matches standard attention, costs and bad input`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'tiling');
    const chart = (name) => section.locator(`[data-chart="${name}"]`);
    const readout = section.locator('[data-tiling-readout]');
    const step = section.locator('input[name="step"]');

    // Defaults: n = 16, blocks 4 x 6 -> 4 x 3 = 12 tiles; causal skips (0,1), (0,2), (1,2), (2,2): 4 tiles.
    assert.equal(await step.getAttribute('max'), '12');
    assert.equal(await step.inputValue(), '12', 'a new lesson shows its last tile');
    assert.match(await readout.textContent(), /Tile 12 of 12: queries 12–15 × keys 12–15\. All tiles done; largest difference from standard attention on the same inputs: \d\.\de-1[5-7]\./);
    assert.match(await readout.textContent(), /skips 4 of the 12 tiles/);
    let scores = await drawnCells(chart('scores'));
    assert.equal(scores.rows * scores.cols, 256);
    // After every tile, exactly the causal upper triangle is hatched.
    scores.blocked.forEach((b, k) => assert.equal(b, k % 16 > Math.floor(k / 16), `cell ${k}`));

    // Step 0: nothing computed; every row's m is −∞.
    await setValue(step, 0);
    scores = await drawnCells(chart('scores'));
    assert.ok(scores.blocked.every(Boolean));
    assert.match(await readout.textContent(), /No tile computed yet/);
    // Step 1: tile (0, 0) = queries 0-3, keys 0-5: 10 allowed cells (the causal lower triangle of a 4 x 4 corner).
    await setValue(step, 1);
    scores = await drawnCells(chart('scores'));
    assert.equal(scores.blocked.filter((b) => !b).length, 10);
    assert.match(await readout.textContent(), /^Tile 1 of 12: queries 0–3 × keys 0–5\./);
    // Step 5 (key block 1, query block 0: key block j is the outer loop) is skipped whole.
    await setValue(step, 5);
    assert.match(await readout.textContent(), /^Tile 5 of 12: queries 0–3 × keys 6–11, skipped \(every entry masked\)\./);

    // Block sizes that do not divide n; without the mask nothing is skipped.
    await setValue(section.locator('input[name="blockRows"]'), 5);
    await section.locator('input[name="causal"]').uncheck();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    assert.equal(await step.getAttribute('max'), String(4 * 3));
    assert.doesNotMatch(await readout.textContent(), /skips/);
    assert.match(await readout.textContent(), /largest difference from standard attention on the same inputs: \d\.\de-1[5-7]/);

    // The cost charts: three memory series, two traffic series, and M moves the tiled one only.
    assert.equal(await chart('memory').locator('g.series').count(), 3);
    assert.equal(await chart('io').locator('g.series').count(), 2);
    const ioReadout = section.locator('[data-io-readout]');
    assert.match(await ioReadout.textContent(), /M = 65,536: B_c = ⌈M\/4d⌉ = 256, B_r = 64\. At N = 1024: standard 4,456,448, tiled 1,001,472 numbers/);
    const standardPath = await chart('io').locator('g.series.s1 path').getAttribute('d');
    const tiledPath = await chart('io').locator('g.series.s2 path').getAttribute('d');
    await setValue(section.locator('input[name="sram"]'), 18);
    assert.match(await ioReadout.textContent(), /B_c = ⌈M\/4d⌉ = 1024, B_r = 64/);
    assert.notEqual(await chart('io').locator('g.series.s2 path').getAttribute('d'), tiledPath);
    assert.ok(standardPath.length > 0);

    // Bad input: a block size of 0 gets a message beside its control; the figures stay.
    await setValue(section.locator('input[name="blockCols"]'), 0);
    const error = section.locator('[data-error-for="blockCols"]');
    assert.equal(await error.isVisible(), true);
    assert.match(await error.textContent(), /from 1 to 48/);
    await setValue(section.locator('input[name="blockCols"]'), 7);
    assert.equal(await error.isVisible(), false);
    assert.equal(await step.getAttribute('max'), String(4 * 3));

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
