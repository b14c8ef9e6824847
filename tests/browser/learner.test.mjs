// What learners tripped on (issue 27, items 8 and 9), each checked where it
// happens: the message of the heads / d_model pair under the control just
// changed, section 5's legend in the caption's unit, long words shortened
// instead of cut, a phone's legend note wrapped, a cut paste said, Escape
// closing the computation strip from its heatmap, a link back to the contents
// after every section, and every target at least 24 x 24 px on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

test('section 3: typing d_model key by key puts the heads / d_model message under d_model, and a good value clears it', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'multi-head');
  const dModel = section.locator('input[name="dModel"]');
  const heads = section.locator('[data-error-for="heads"]');
  const mine = section.locator('[data-error-for="dModel"]');
  await setValue(dModel, '1'); // on the way to 12, with 4 heads
  assert.ok(await heads.isHidden(), 'nothing under Heads, which the learner did not touch');
  assert.equal(await mine.textContent(), 'd_model must be a multiple of the 4 heads; got 1.');
  await setValue(dModel, '12');
  assert.ok(await mine.isHidden());
  assert.ok(await heads.isHidden());
  assert.equal(await section.locator('[data-chart="heads"] .panel').count(), 4);
  // Changing the heads to a number that does not divide d_model puts it under Heads instead.
  await setValue(dModel, '6');
  assert.ok(await mine.isVisible(), '6 is not a multiple of 4');
  await section.locator('select[name="heads"]').selectOption('2');
  assert.ok(await mine.isHidden(), '6 is a multiple of 2: the old message goes');
  await section.locator('select[name="heads"]').selectOption('4');
  assert.equal(await heads.textContent(), '4 heads do not divide d_model = 6: choose fewer heads or another d_model.');
  assert.ok(await mine.isHidden());
  assert.deepEqual(errors, []);
});

test('section 5: the difference legend is in percentage points, like its caption and readout', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'position-effect');
  const ticks = await section.locator('[data-chart="difference"] .legend-tick text').allTextContents();
  assert.equal(ticks.length, 3);
  assert.equal(ticks[1], '0');
  [ticks[0], ticks[2]].forEach((t) => assert.match(t, /^[+-]\d+\.\d pts$/));
  assert.deepEqual(errors, []);
});

test('a word longer than the label space is shortened with an ellipsis, never cut at the left nor drawn over the axis title', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'self-attention');
  await setValue(section.locator('input[name="sentence"]'), 'the incomprehensibilities of antidisestablishmentarianism');
  const chart = section.locator('[data-chart="weights"]');
  const labels = await chart.locator('.row-labels text').allTextContents();
  assert.equal(labels[0], 'the');
  assert.ok(labels[1].endsWith('…') && 'incomprehensibilities'.startsWith(labels[1].slice(0, -1)), labels[1]);
  const box = await chart.evaluate((el) => {
    const svg = el.querySelector('svg').getBoundingClientRect();
    const title = el.querySelector('.axis-title').getBoundingClientRect();
    const rows = [...el.querySelectorAll('.row-labels text')].map((t) => t.getBoundingClientRect());
    return { left: svg.left, titleRight: title.right, lefts: rows.map((r) => r.left) };
  });
  box.lefts.forEach((l) => assert.ok(l >= box.titleRight, `a label starts at ${l}, right of the row title (${box.titleRight})`));
  assert.ok(box.titleRight > box.left);
  assert.match(await chart.locator('.readout').textContent(), /./);
  assert.deepEqual(errors, []);
});

test('on a phone the legend note wraps inside its chart instead of being cut', async () => {
  const { page, errors } = await browser.open('http', { width: 375, height: 800 });
  const section = await showSection(page, 'position-effect');
  const fits = await section.locator('[data-chart="difference"]').evaluate((el) => {
    const svg = el.querySelector('svg').getBoundingClientRect();
    const note = el.querySelector('.legend-note').getBoundingClientRect();
    return { lines: el.querySelectorAll('.legend-note tspan').length, inside: note.right <= svg.right + 0.5 && note.left >= svg.left - 0.5 };
  });
  assert.ok(fits.lines > 1, `the note takes ${fits.lines} lines`);
  assert.ok(fits.inside, 'the note stays inside the chart');
  assert.deepEqual(errors, []);
});

test('a paste longer than the field is cut with a note that says so; the next edit hides it', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'self-attention');
  const field = section.locator('input[name="sentence"]');
  const words = Array.from({ length: 500 }, (_, i) => `w${i}`).join(' ');
  await field.fill('');
  await field.evaluate((el, text) => {
    el.focus();
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    el.value = text.slice(0, el.maxLength); // what the browser's own paste keeps
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, words);
  const note = section.locator('.control-note');
  assert.ok(await note.isVisible());
  assert.equal(await note.textContent(), `Pasted text was cut: this field holds 400 characters, so only the first 400 of the ${words.length.toLocaleString('en-US')} pasted (500 words) were kept.`);
  await setValue(field, 'The cat sat');
  assert.ok(await note.isHidden());
  assert.deepEqual(errors, []);
});

test('Escape on the heatmap closes the computation strip it opened', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'self-attention');
  const svg = section.locator('[data-chart="weights"] svg');
  await svg.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const strip = section.locator('[data-strip]');
  assert.ok(await strip.isVisible());
  await page.keyboard.press('Escape');
  assert.ok(await strip.isHidden());
  // From inside the strip too, and the focus goes back to the heatmap.
  await page.keyboard.press('Enter');
  await strip.locator('[data-action="close-strip"]').focus();
  await page.keyboard.press('Escape');
  assert.ok(await strip.isHidden());
  assert.equal(await page.evaluate(() => document.activeElement.closest('[data-chart]')?.dataset.chart), 'weights');
  assert.deepEqual(errors, []);
});

test('every section of the article ends with a link back to the contents; the embed page has none', async () => {
  const { page, errors, base } = await browser.open('http');
  const sections = await page.locator('main > section').count();
  const links = page.locator('main > section > .back-to-contents a[href="#contents"]');
  assert.equal(await links.count(), sections);
  assert.equal(await page.locator('nav#contents').count(), 1);
  await links.nth(3).click();
  await page.waitForFunction(() => location.hash === '#contents');
  const top = await page.locator('nav#contents').evaluate((n) => n.getBoundingClientRect().top);
  assert.ok(Math.abs(top) < 2, `the contents are at the top of the window (${top})`);
  await page.goto(`${base}embed.html?section=causal`);
  assert.equal(await page.locator('.back-to-contents').count(), 0);
  assert.deepEqual(errors, []);
});

test('on a phone every button, disclosure, select, checkbox and radio is at least 24 x 24 px (WCAG 2.2, 2.5.8)', async () => {
  const { page, errors } = await browser.open('http', { width: 375, height: 800 });
  for (const id of ['self-attention', 'multi-head', 'position-effect', 'distance']) await showSection(page, id);
  const small = await page.evaluate(() => [...document.querySelectorAll(
    'main button, main summary, main select, main input[type="checkbox"], main input[type="radio"], main input[type="range"]',
  )].filter((el) => el.getClientRects().length > 0 && !el.closest('[hidden]'))
    .map((el) => ({ el: `${el.tagName.toLowerCase()} ${el.textContent.trim().slice(0, 30) || el.name || el.type}`, ...el.getBoundingClientRect().toJSON() }))
    .filter((r) => r.width < 24 - 0.01 || r.height < 24 - 0.01));
  assert.deepEqual(small, []);
  assert.deepEqual(errors, []);
});
