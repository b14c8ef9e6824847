// Section 11 (entropy) in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, drawnCells } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// The row charts are painted on canvas: their cells as drawn (harness.mjs, readHeatmap).
const fills = async (chart) => (await drawnCells(chart)).fills;
const cellCount = async (chart) => { const h = await drawnCells(chart); assert.equal(h.canvas, true); return h.fills.length; };
const heights = (chart) => chart.locator('g.bar rect.fill').evaluateAll((els) => els.map((e) => e.getAttribute('height')));
// The moderate row from its formula: weights proportional to 2^-|j - c|, c = floor((n - 1) / 2).
function moderateEntropy(n) {
  const c = Math.floor((n - 1) / 2);
  const w = Array.from({ length: n }, (_, j) => 2 ** -Math.abs(j - c));
  const z = w.reduce((a, b) => a + b, 0);
  return -w.reduce((h, x) => h + (x / z) * Math.log(x / z), 0);
}
const entropyOf = async (section) => Number((await section.locator('[data-readout="temperature"]').textContent()).match(/H = ([\d.]+)/)[1]);

for (const mode of ['http', 'file']) {
  test(`entropy (${mode}): fixed, random and temperature rows, each control redraws its figure, bad input`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'entropy');
    const chart = (name) => section.locator(`[data-chart="${name}"]`);

    assert.equal(await cellCount(chart('fixed-rows')), 30);
    assert.equal(await chart('fixed-entropy').locator('g.bar').count(), 3);
    assert.deepEqual(await chart('fixed-entropy').locator('.bar text.value').allTextContents(),
      ['0.00', moderateEntropy(10).toFixed(2), Math.log(10).toFixed(2)]);
    assert.deepEqual(await chart('fixed-entropy').locator('.refs text').allTextContents(), [`ln n = ${Math.log(10).toFixed(2)}`]);
    assert.equal(await cellCount(chart('random-rows')), 60);
    assert.equal(await chart('random-entropy').locator('g.bar').count(), 6);
    assert.equal(await chart('temperature').locator('g.bar').count(), 10);
    assert.match(await section.locator('[data-readout="temperature"]').textContent(), new RegExp(`at most ln 10 = ${Math.log(10).toFixed(3)}`));
    assert.equal(await section.locator('[data-label-for="temperature"]').textContent(), '1');
    assert.equal(await section.locator('[data-label-for="concentration"]').textContent(), '1');

    // Concentration and seed redraw the random rows only.
    const fixedBefore = await fills(chart('fixed-rows'));
    const tempBefore = await heights(chart('temperature'));
    let randomBefore = await fills(chart('random-rows'));
    await section.locator('input[name="concentration"]').fill('0');
    assert.equal(await section.locator('[data-label-for="concentration"]').textContent(), '0.05');
    assert.notDeepEqual(await fills(chart('random-rows')), randomBefore, 'concentration redraws the random rows');
    randomBefore = await fills(chart('random-rows'));
    await section.locator('input[name="seed"]').fill('3');
    assert.notDeepEqual(await fills(chart('random-rows')), randomBefore, 'seed redraws the random rows');
    randomBefore = await fills(chart('random-rows'));
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual(await fills(chart('random-rows')), randomBefore, 'New draws draws another seed');
    assert.deepEqual(await fills(chart('fixed-rows')), fixedBefore);
    assert.deepEqual(await heights(chart('temperature')), tempBefore);

    // Temperature: near one-hot at the bottom of the ladder, near ln n at the top.
    const temperature = section.locator('input[name="temperature"]');
    await temperature.fill('0');
    assert.equal(await section.locator('[data-label-for="temperature"]').textContent(), '0.01');
    assert.notDeepEqual(await heights(chart('temperature')), tempBefore, 'temperature redraws its bars');
    assert.ok(await entropyOf(section) < 1e-3);
    await temperature.fill('24');
    assert.equal(await section.locator('[data-label-for="temperature"]').textContent(), '100');
    assert.ok(Math.abs(await entropyOf(section) - Math.log(10)) < 0.01);
    const [meterValue, meterMax] = await section.locator('[data-meter="temperature"]').evaluate((m) => [m.value, m.max]);
    assert.ok(Math.abs(meterValue - (await entropyOf(section))) < 1e-3);
    assert.ok(Math.abs(meterMax - Math.log(10)) < 1e-12);

    // n redraws all three figures.
    const n = section.locator('input[name="n"]');
    await n.fill('5');
    assert.equal(await cellCount(chart('fixed-rows')), 15);
    assert.equal(await cellCount(chart('random-rows')), 30);
    assert.equal(await chart('temperature').locator('g.bar').count(), 5);
    assert.deepEqual(await chart('random-entropy').locator('.refs text').allTextContents(), [`ln n = ${Math.log(5).toFixed(2)}`]);

    // Bad input: the message goes beside the control, the last figures stay.
    await n.fill('0');
    const nError = section.locator('[data-error-for="n"]');
    assert.equal(await nError.isVisible(), true);
    assert.match(await nError.textContent(), /must be a whole number from 2 to 64\./);
    assert.equal(await cellCount(chart('fixed-rows')), 15);
    await n.fill('');
    assert.match(await nError.textContent(), /must be a whole number from 2 to 64\./);
    await n.fill('4');
    assert.equal(await nError.isVisible(), false);
    assert.equal(await chart('temperature').locator('g.bar').count(), 4);
    await section.locator('input[name="seed"]').fill('-3');
    assert.match(await section.locator('[data-error-for="seed"]').textContent(), /Seed must be a whole number from 0 to 4,294,967,295\./);
    assert.equal(await cellCount(chart('random-rows')), 24);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
