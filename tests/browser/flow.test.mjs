// Section 12 (flow) in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, cellTexts } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const fills = (chart) => chart.locator('g.cell rect').evaluateAll((els) => els.map((e) => e.getAttribute('fill')));
const arcs = (chart) => chart.locator('path.arrow').evaluateAll((els) => els.map((e) => e.getAttribute('d')));

// The weights the page should be drawing, fetched from the page's own core (the
// chart's threshold and highlight are under test here, not the core).
function layerWeights(page, words, layer, seed = 1) {
  return page.evaluate(async ([n, l, s]) => {
    const core = await window.createAttentionCore();
    return Array.from(core.layerEvolution(n, { seed: s }).layers[l].data);
  }, [words, layer, seed]);
}

for (const mode of ['http', 'file']) {
  test(`flow (${mode}): matrix beside arrows, threshold hides arrows, hover highlights, rollout slider, bad input`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'flow');
    const matrix = section.locator('[data-chart="flow-matrix"]');
    const arrows = section.locator('[data-chart="flow-arrows"]');
    const rollout = section.locator('[data-chart="rollout"]');
    const threshold = section.locator('input[name="threshold"]');

    assert.equal(await matrix.locator('g.cell').count(), 25);
    assert.deepEqual(await arrows.locator('g.word text').allTextContents(), ['Dogs', 'love', 'to', 'play', 'fetch']);
    const weights = await layerWeights(page, 5, 2);
    const countAtLeast = (t) => weights.filter((w) => w >= t).length;
    assert.equal(await arrows.locator('path.arrow').count(), countAtLeast(0.1));

    // The threshold hides arrows below it, and only redraws the arrows.
    const rolloutBefore = await fills(rollout);
    await threshold.fill('0');
    assert.equal(await arrows.locator('path.arrow').count(), 25, 'every positive weight is an arrow');
    await threshold.fill('0.5');
    assert.equal(await section.locator('[data-value-for="threshold"]').textContent(), '0.5');
    assert.equal(await arrows.locator('path.arrow').count(), countAtLeast(0.5));
    assert.ok(countAtLeast(0.5) < 25);
    await threshold.fill('0.9');
    assert.equal(await arrows.locator('path.arrow').count(), countAtLeast(0.9));
    await threshold.fill('0.05');
    assert.deepEqual(await fills(rollout), rolloutBefore);

    // Pointing at a word highlights its incoming and outgoing arrows and dims the rest.
    await arrows.locator('g.word').nth(2).hover();
    const row = weights.slice(10, 15);
    const column = [0, 1, 3, 4].map((i) => weights[i * 5 + 2]);
    assert.equal(await arrows.locator('path.arrow.in').count(), row.filter((w) => w >= 0.05).length);
    assert.equal(await arrows.locator('path.arrow.out').count(), column.filter((w) => w >= 0.05).length);
    assert.ok(await arrows.locator('path.arrow.dim').count() > 0);
    assert.match(await arrows.locator('.readout').textContent(), /^“to” takes from: /);
    assert.equal(await matrix.locator('.focus').getAttribute('visibility'), 'visible', 'the matrix highlights the same word');
    await arrows.locator('g.word').nth(0).focus();
    assert.match(await arrows.locator('.readout').textContent(), /^“Dogs” takes from: /);

    // The layer picker redraws the matrix and the arrows, not the rollout.
    const matrixBefore = await cellTexts(matrix);
    const arcsBefore = await arcs(arrows);
    await section.locator('select[name="layer"]').selectOption('4'); // layer 4 (counted from 1)
    assert.notDeepEqual(await cellTexts(matrix), matrixBefore, 'layer redraws the matrix');
    assert.notDeepEqual(await arcs(arrows), arcsBefore, 'layer redraws the arrows');
    assert.deepEqual(await fills(rollout), rolloutBefore);

    // The depth slider redraws the rollout panels only.
    const flowBefore = await cellTexts(matrix);
    await section.locator('input[name="depth"]').fill('6');
    assert.deepEqual(await rollout.locator('.panel-title').allTextContents(), ['Layer 6 alone · near-uniform', 'Rollout of layers 1–6']);
    assert.notDeepEqual(await fills(rollout), rolloutBefore, 'depth redraws the rollout');
    assert.deepEqual(await cellTexts(matrix), flowBefore);

    // Seed redraws both figures.
    const rolloutAt6 = await fills(rollout);
    await section.locator('input[name="seed"]').fill('9');
    assert.notDeepEqual(await cellTexts(matrix), flowBefore, 'seed redraws the matrix');
    assert.notDeepEqual(await fills(rollout), rolloutAt6, 'seed redraws the rollout');
    const atSeed9 = await cellTexts(matrix);
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual(await cellTexts(matrix), atSeed9, 'New noise draws another seed');

    // Bad input: a message beside the control, the last figures stay.
    const sentence = section.locator('input[name="sentence"]');
    await sentence.fill('   ');
    const sentenceError = section.locator('[data-error-for="sentence"]');
    assert.equal(await sentenceError.isVisible(), true);
    assert.match(await sentenceError.textContent(), /empty/);
    assert.equal(await matrix.locator('g.cell').count(), 25);
    await section.locator('input[name="seed"]').fill('');
    assert.match(await section.locator('[data-error-for="seed"]').textContent(), /Seed must be a whole number from 0 to 4,294,967,295\./);
    await section.locator('input[name="seed"]').fill('2');
    await sentence.fill('<b>a</b> b c');
    assert.equal(await sentenceError.isVisible(), false);
    assert.equal(await matrix.locator('g.cell').count(), 9);
    assert.equal(await arrows.locator('b').count(), 0);
    assert.deepEqual(await arrows.locator('g.word text').allTextContents(), ['<b>a</b>', 'b', 'c']);
    assert.equal(await rollout.locator('g.cell').count(), 18);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
