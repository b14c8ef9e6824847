// Section 1 in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, cellTexts } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

for (const mode of ['http', 'file']) {
  test(`self-attention (${mode}): draws n x n cells, reacts to every control, reports bad input`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'self-attention');
    const chart = section.locator('[data-chart="weights"]');
    const cells = chart.locator('g.cell');

    assert.equal(await cells.count(), 36, '6 words -> 36 cells');
    assert.deepEqual(await chart.locator('.row-notes text').allTextContents(), Array(6).fill('Σ 1.000'));

    const sentence = section.locator('input[name="sentence"]');
    await sentence.fill('attention is all you need');
    await page.waitForFunction(() => document.querySelectorAll('#self-attention [data-chart="weights"] g.cell').length === 25);
    assert.deepEqual(await chart.locator('.row-labels text').allTextContents(), ['attention', 'is', 'all', 'you', 'need']);

    const before = await cellTexts(chart);
    await section.locator('input[name="dModel"]').fill('64');
    assert.notDeepEqual(await cellTexts(chart), before, 'd_model redraws');
    assert.equal(await section.locator('[data-value-for="dModel"]').textContent(), '64');
    const atD64 = await cellTexts(chart);
    await section.locator('input[name="seed"]').fill('2');
    assert.notDeepEqual(await cellTexts(chart), atD64, 'seed redraws');
    const atSeed2 = await cellTexts(chart);
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual(await cellTexts(chart), atSeed2, 'New weights draws another seed');

    // Bad input: a message next to the control, the last figure stays, the page keeps working.
    await sentence.fill('   ');
    const sentenceError = section.locator('[data-error-for="sentence"]');
    assert.match(await sentenceError.textContent(), /empty/);
    assert.equal(await sentenceError.isVisible(), true);
    assert.equal(await sentence.getAttribute('aria-invalid'), 'true');
    assert.equal(await cells.count(), 25);
    await sentence.fill('w '.repeat(70));
    assert.match(await sentenceError.textContent(), /70 words; the limit is 64/);
    await section.locator('input[name="seed"]').fill('-5');
    assert.match(await section.locator('[data-error-for="seed"]').textContent(), /Seed must be a whole number from 0 to 4,294,967,295\./);
    await section.locator('input[name="seed"]').fill('5');
    await sentence.fill('The cat sat');
    assert.equal(await sentenceError.isVisible(), false);
    assert.equal(await cells.count(), 9);

    // Learner text is drawn as text, never parsed as HTML.
    await sentence.fill('<img src=x onerror="window.pwned=1"> <b>bold</b>');
    assert.equal(await chart.locator('img, b').count(), 0);
    // (a word longer than the label space is shortened with an ellipsis; the readout keeps it whole)
    assert.deepEqual(await chart.locator('.row-labels text').allTextContents(), ['<img', 'src=x', 'onerror="windo…', '<b>bold</b>']);
    assert.equal(await page.evaluate(() => window.pwned), undefined);

    // Hover names the query and key.
    await cells.nth(1).hover({ force: true }); // the transparent hit layer above the cells takes the pointer
    assert.match(await chart.locator('.readout').textContent(), /“<img” \(query 1\) takes [\d.]+% of its output from “src=x” \(key 2\)/);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
