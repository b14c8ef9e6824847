// Section 7 in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, cellTexts } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

for (const mode of ['http', 'file']) {
  test(`cross-attention (${mode}): target x source cells, shapes, every control, bad input per field`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'cross-attention');
    const chart = section.locator('[data-chart="weights"]');
    const cells = chart.locator('g.cell');
    const shape = (name) => section.locator(`[data-shape="${name}"]`).textContent();

    assert.equal(await cells.count(), 49, '7 target x 7 source words');
    assert.deepEqual(await chart.locator('.row-notes text').allTextContents(), Array(7).fill('Σ 1.000'));
    assert.equal(await shape('Q'), '7 × 16');

    const source = section.locator('input[name="source"]');
    const target = section.locator('input[name="target"]');
    await source.fill('hello world');
    assert.equal(await cells.count(), 14, 'source sets the columns');
    assert.deepEqual(await chart.locator('.col-labels text').allTextContents(), ['hello', 'world']);
    assert.deepEqual([await shape('K'), await shape('weights'), await shape('output')], ['2 × 16', '7 × 2', '7 × 16']);
    await target.fill('bonjour le monde');
    assert.equal(await cells.count(), 6, 'target sets the rows');
    assert.deepEqual(await chart.locator('.row-labels text').allTextContents(), ['bonjour', 'le', 'monde']);
    assert.equal(await shape('Q'), '3 × 16');

    const atStart = await cellTexts(chart);
    await section.locator('input[name="dModel"]').fill('64');
    assert.notDeepEqual(await cellTexts(chart), atStart, 'd_model redraws');
    assert.equal(await shape('Q'), '3 × 64');
    const atD64 = await cellTexts(chart);
    await section.locator('input[name="seed"]').fill('2');
    assert.notDeepEqual(await cellTexts(chart), atD64, 'seed redraws');
    const atSeed2 = await cellTexts(chart);
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual(await cellTexts(chart), atSeed2, 'New weights draws another seed');

    // Each sentence reports its own error; the last figure stays.
    const sourceError = section.locator('[data-error-for="source"]');
    const targetError = section.locator('[data-error-for="target"]');
    await source.fill('  ');
    assert.match(await sourceError.textContent(), /empty/);
    assert.equal(await sourceError.isVisible(), true);
    assert.equal(await targetError.isVisible(), false);
    assert.equal(await source.getAttribute('aria-invalid'), 'true');
    assert.equal(await cells.count(), 6);
    await target.fill('w '.repeat(65));
    assert.match(await targetError.textContent(), /65 words; the limit is 64/);
    await source.fill('the cat');
    assert.equal(await sourceError.isVisible(), false, 'a fixed source clears its own message');
    assert.equal(await targetError.isVisible(), true, 'the target is still too long');
    assert.equal(await cells.count(), 6, 'nothing redraws while one sentence is bad');
    await target.fill('le chat');
    assert.equal(await targetError.isVisible(), false);
    assert.equal(await cells.count(), 4);

    await section.locator('input[name="seed"]').fill('-5');
    assert.match(await section.locator('[data-error-for="seed"]').textContent(), /Seed must be a whole number from 0 to 4,294,967,295\./);
    await section.locator('input[name="dModel"]').fill('32');
    assert.equal(await section.locator('[data-error-for="seed"]').isVisible(), true, 'the seed error stays by the seed');
    await section.locator('input[name="seed"]').fill('5');
    assert.equal(await section.locator('[data-error-for="seed"]').isVisible(), false);

    // Learner text is drawn as text, never parsed as HTML.
    await source.fill('<img src=x onerror="window.pwned=1">');
    assert.equal(await chart.locator('img').count(), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);

    await cells.nth(1).hover({ force: true });
    assert.match(await chart.locator('.readout').textContent(), /target “le” \(query 1\) takes [\d.]+% of its output from source “src=x” \(key 2\)/);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
