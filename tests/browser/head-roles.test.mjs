// Section 8 in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, cellTexts } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const pressed = (buttons) => buttons.evaluateAll((els) => els.map((b) => b.getAttribute('aria-pressed') === 'true'));

for (const mode of ['http', 'file']) {
  test(`head-roles (${mode}): four heads, token buttons change the content head, linked hover, bad input`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'head-roles');
    const panels = section.locator('[data-chart="heads"] .panel');
    const panel = (k) => panels.nth(k);
    const buttons = section.locator('[data-tokens] button');

    assert.equal(await panels.count(), 4);
    assert.deepEqual(await panels.locator('.panel-title').allTextContents(), ['Previous word', 'Determiner → noun', 'Content words', 'Broad']);
    for (let k = 0; k < 4; k++) assert.equal(await panel(k).locator('g.cell').count(), 81, '9 words -> 81 cells');
    const words = ['The', 'cat', 'sat', 'on', 'the', 'mat', 'near', 'the', 'door'];
    assert.deepEqual(await buttons.allTextContents(), words);
    assert.deepEqual(await pressed(buttons), [false, true, true, false, false, true, false, false, true]);

    // Previous word: row 1 ("cat") is all on key 0. Determiner -> noun: "The" (row 0) on "cat",
    // the second "the" (row 4) on "mat"; "on" (row 3) has no target and stays on itself.
    const row = async (k, i) => (await cellTexts(panel(k))).slice(i * 9, i * 9 + 9);
    assert.deepEqual(await row(0, 1), ['1.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
    assert.deepEqual(await row(1, 0), ['0.00', '1.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
    assert.deepEqual(await row(1, 4), ['0.00', '0.00', '0.00', '0.00', '0.00', '1.00', '0.00', '0.00', '0.00']);
    assert.deepEqual(await row(1, 3), ['0.00', '0.00', '0.00', '1.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
    assert.match(await panel(1).locator('.panel-note').textContent(), /Each determiner \(The, the, the\) → the next word that is not a function word/);
    assert.deepEqual(await row(2, 0), ['0.00', '0.25', '0.25', '0.00', '0.00', '0.25', '0.00', '0.00', '0.25']);

    // Clicking a token changes the content head only.
    const others = await Promise.all([0, 1, 3].map(async (k) => cellTexts(panel(k))));
    await buttons.nth(1).click();
    assert.equal(await buttons.nth(1).getAttribute('aria-pressed'), 'false');
    assert.deepEqual(await row(2, 0), ['0.00', '0.00', '0.33', '0.00', '0.00', '0.33', '0.00', '0.00', '0.33']);
    assert.deepEqual(await Promise.all([0, 1, 3].map(async (k) => cellTexts(panel(k)))), others);
    assert.match(await panel(2).locator('.panel-note').textContent(), /marked words: sat, mat, door\./);

    // Keyboard: focus a button and press Space; the second "the" toggles, not the first.
    await buttons.nth(4).focus();
    await page.keyboard.press('Space');
    assert.deepEqual(await pressed(buttons), [false, false, true, false, true, true, false, false, true]);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'the', 'focus stays on the word');

    // Unmark everything: each word falls back to itself.
    for (const k of [2, 4, 5, 8]) await buttons.nth(k).click();
    assert.deepEqual(await row(2, 3), ['0.00', '0.00', '0.00', '1.00', '0.00', '0.00', '0.00', '0.00', '0.00']);

    // Linked hover: pointing at a cell in one head highlights the same cell in the others.
    await panel(0).locator('g.cell').nth(10).hover({ force: true });
    assert.equal(await panel(3).locator('.focus').getAttribute('visibility'), 'visible');
    assert.match(await panel(0).locator('.readout').textContent(), /“cat” \(query 2\) → “cat” \(key 2\)/);

    // A new sentence redraws every head and resets the marks to the default.
    const sentence = section.locator('input[name="sentence"]');
    await sentence.fill('a dog and a cat');
    assert.equal(await panel(1).locator('g.cell').count(), 25);
    assert.deepEqual(await pressed(buttons), [false, true, false, false, true]);

    // Bad input: the message beside the sentence, the figure stays.
    const sentenceError = section.locator('[data-error-for="sentence"]');
    await sentence.fill('');
    assert.match(await sentenceError.textContent(), /empty/);
    assert.equal(await sentenceError.isVisible(), true);
    await sentence.fill('w '.repeat(65));
    assert.match(await sentenceError.textContent(), /65 words; the limit is 64/);
    assert.equal(await panel(1).locator('g.cell').count(), 25);
    assert.equal(await buttons.count(), 5);
    await sentence.fill('<b>x</b> the');
    assert.equal(await sentenceError.isVisible(), false);
    assert.equal(await section.locator('[data-tokens] b').count(), 0, 'token text is never HTML');
    assert.deepEqual(await buttons.allTextContents(), ['<b>x</b>', 'the']);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}

test('head-roles: the marked words are in the address, a link restores them, a new sentence or Reset clears them, a bad mark string is named', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'head-roles');
  const buttons = section.locator('[data-tokens] button');
  const content = section.locator('[data-chart="heads"] .panel').nth(2);
  await buttons.nth(1).click(); // unmark "cat"
  await buttons.nth(3).click(); // mark "on"
  await page.waitForFunction(() => new URL(location.href).searchParams.get('head-roles.marked') === '001101001');
  const cells = await cellTexts(content);

  // The same address in a new page draws the same content head with the same buttons pressed.
  const again = await browser.open('http', { path: `index.html${await page.evaluate(() => location.search)}#head-roles` });
  const other = await showSection(again.page, 'head-roles');
  assert.deepEqual(await pressed(other.locator('[data-tokens] button')), [false, false, true, true, false, true, false, false, true]);
  assert.deepEqual(await cellTexts(other.locator('[data-chart="heads"] .panel').nth(2)), cells);

  // A new sentence goes back to the default marking, and so does Reset.
  await section.locator('input[name="sentence"]').fill('a dog and a cat');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('head-roles.marked'));
  assert.deepEqual(await pressed(buttons), [false, true, false, false, true]);
  await buttons.nth(0).click();
  await section.locator('.section-tools button', { hasText: 'Reset' }).click();
  assert.deepEqual(await pressed(buttons), [false, true, true, false, false, true, false, false, true]);

  // A mark string that does not fit the sentence: a message beside the words, the default marking drawn.
  const bad = await browser.open('http', { path: 'index.html?head-roles.marked=0101#head-roles' });
  const badSection = await showSection(bad.page, 'head-roles');
  assert.match(await badSection.locator('[data-error-for="marked"]').textContent(), /one 0 or 1 per word of the sentence \(9\); “0101” is not/);
  assert.deepEqual(await pressed(badSection.locator('[data-tokens] button')), [false, true, true, false, false, true, false, false, true]);
  assert.deepEqual([...errors, ...again.errors, ...bad.errors], []);
});
