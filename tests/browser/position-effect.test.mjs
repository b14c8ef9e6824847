// Section 5 in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, cellValues } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

for (const mode of ['http', 'file']) {
  test(`position-effect (${mode}): without, with and difference; each control redraws; bad input explained`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'position-effect');
    const chart = (name) => section.locator(`[data-chart="${name}"]`);
    const texts = async () => Promise.all(['without', 'with', 'difference'].map((n) => cellValues(chart(n))));
    const row = (t, i, n) => t.slice(i * n, (i + 1) * n);

    let [without, withPe, diff] = await texts();
    assert.equal(without.length, 121, '11 words -> 11 x 11 cells');
    assert.equal(withPe.length, 121);
    assert.equal(diff.length, 121);
    // "the" stands at 0, 3, 6 and 9: identical rows without the encoding, not with it.
    assert.deepEqual(row(without, 0, 11), row(without, 3, 11));
    assert.deepEqual(row(without, 0, 11), row(without, 9, 11));
    assert.notDeepEqual(row(withPe, 0, 11), row(withPe, 3, 11));

    // Strength changes the "with" panel and the difference, never the "without" one.
    await section.locator('input[name="strength"]').fill('6');
    const [without6, with6, diff6] = await texts();
    assert.deepEqual(without6, without);
    assert.notDeepEqual(with6, withPe);
    assert.notDeepEqual(diff6, diff);
    await section.locator('input[name="strength"]').fill('0');
    [without, withPe, diff] = await texts();
    assert.deepEqual(withPe, without, 'strength 0: with = without');
    assert.ok(diff.every((v) => v === 0), 'strength 0: zero difference');
    await section.locator('input[name="strength"]').fill('3');

    // Projection: identity changes every panel and the provenance label says so.
    const label = section.locator('figcaption .provenance');
    assert.match(await label.textContent(), /random weights/);
    [without, withPe] = await texts();
    await section.locator('input[name="projection"][value="identity"]').check();
    const [withoutId, withId] = await texts();
    assert.notDeepEqual(withoutId, without);
    assert.notDeepEqual(withId, withPe);
    assert.match(await label.textContent(), /identity projection/);

    // Seed: new word vectors, so every panel changes.
    await section.locator('input[name="seed"]').fill('2');
    const [withoutSeed] = await texts();
    assert.notDeepEqual(withoutSeed, withoutId);
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual((await texts())[0], withoutSeed);

    // Sentence, and bad input next to its control.
    const sentence = section.locator('input[name="sentence"]');
    await sentence.fill('a b c');
    assert.equal((await cellValues(chart('difference'))).length, 9);
    await sentence.fill('');
    const sentenceError = section.locator('[data-error-for="sentence"]');
    assert.match(await sentenceError.textContent(), /empty/);
    assert.equal(await sentenceError.isVisible(), true);
    assert.equal((await cellValues(chart('with'))).length, 9, 'the last good figure stays');
    await section.locator('input[name="seed"]').fill('-5');
    assert.match(await section.locator('[data-error-for="seed"]').textContent(), /Seed must be a whole number from 0 to 4,294,967,295\./);
    await section.locator('input[name="seed"]').fill('5');
    await sentence.fill('a b c d');
    assert.equal(await sentenceError.isVisible(), false);
    assert.equal((await cellValues(chart('with'))).length, 16);

    // Linked hover: pointing at a cell in one panel reads it out in all three.
    await chart('without').locator('g.cell').nth(1).hover({ force: true });
    assert.match(await chart('with').locator('.readout').textContent(), /with: “a” → “b”/);
    assert.match(await chart('difference').locator('.readout').textContent(), /change: “a” → “b”/);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
