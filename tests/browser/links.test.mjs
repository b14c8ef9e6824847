// Links: every control's state is in the address; opening a link restores the
// same figures in the article and in an embed; a bad value in a link is
// ignored with a visible note; Copy link, the Embed snippet and Reset follow
// the controls; a refused input gets a message for people and marks the
// figure out of date; every field accepts exactly its control's range.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, showAllSections, cellValues, drawnCellsEach, eventually } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const param = (url, key) => new URL(url).searchParams.get(key);

test('changing controls writes the address, and that address reproduces the figure in the article and in an embed', async () => {
  const { page, errors, context } = await browser.open('http');
  const section = await showSection(page, 'multi-head');
  await section.locator('input[name="sentence"]').fill('dogs chase cats in the park');
  await section.locator('input[name="seed"]').fill('42');
  await section.locator('input[name="causal"]').check();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('multi-head.causal') === '1');
  const url = page.url();
  assert.equal(param(url, 'multi-head.seed'), '42');
  assert.equal(param(url, 'multi-head.sentence'), 'dogs chase cats in the park');
  assert.equal(param(url, 'multi-head.dModel'), null, 'a control at its default stays out of the link');
  // Its heads paint on canvas: what they draw is read from it (colours and blocked cells).
  const heads = (s) => drawnCellsEach(s.locator('[data-chart="heads"] .panel'));
  const drawn = await heads(section);
  assert.equal(drawn.length, 4);
  assert.equal(drawn[0].blocked.filter(Boolean).length, 15, 'six words, causal');

  const again = await context.newPage();
  await again.goto(url);
  const restored = await showSection(again, 'multi-head');
  assert.equal(await restored.locator('input[name="seed"]').inputValue(), '42');
  assert.equal(await restored.locator('input[name="causal"]').isChecked(), true);
  assert.deepEqual(await heads(restored), drawn, 'the same figure, cell for cell');

  // Copy link gives the same state for this section alone; its embed twin draws the same figure.
  const embedUrl = url.replace('index.html', 'embed.html').replace('?', '?section=multi-head&').replace(/#.*/, '');
  const embed = await context.newPage();
  await embed.goto(embedUrl);
  const inEmbed = await showSection(embed, 'multi-head');
  assert.deepEqual(await heads(inEmbed), drawn);
  assert.deepEqual(errors, []);
});

test('the Embed snippet and Copy link carry the current settings; Reset brings back the defaults', async () => {
  const { page, errors, context } = await browser.open('http');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const section = await showSection(page, 'patterns');
  // The panels paint on canvas: what they draw is read from it (colours and blocked cells).
  const drawn = () => drawnCellsEach(section.locator('[data-chart="patterns"] .panel'));
  const defaults = await drawn();
  assert.equal(defaults.length, 7);
  await section.locator('input[name="n"]').fill('12');
  await section.locator('input[name="window"]').fill('5');
  await section.locator('.embed-share summary').click();
  // The snippet is rebuilt on the disclosure's toggle event, a task after the click.
  const snippet = await eventually(() => section.locator('.embed-share textarea').inputValue(), (s) => s.includes('patterns.window'));
  const src = snippet.match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&');
  assert.equal(param(src, 'section'), 'patterns');
  assert.equal(param(src, 'patterns.n'), '12');
  assert.equal(param(src, 'patterns.window'), '5');

  await section.locator('.section-tools button', { hasText: 'Copy link' }).click();
  await section.locator('.section-tools .copy-status', { hasText: 'Copied.' }).waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(new URL(link).hash, '#patterns');
  assert.equal(param(link, 'patterns.n'), '12');

  assert.notDeepEqual(await drawn(), defaults, 'n = 12 and window 5 drew another figure');
  await section.locator('.section-tools button', { hasText: 'Reset' }).click();
  assert.equal(await section.locator('input[name="n"]').inputValue(), '10');
  // Reset sends one input per control; this section draws once a frame, so the last lands a frame later.
  assert.deepEqual(await eventually(drawn, defaults), defaults, 'the default figure again');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('patterns.n'));
  assert.deepEqual(errors, []);
});

test('a bad value in a link is ignored with a visible note, and the rest of the link is used', async () => {
  const { page, errors } = await browser.open('http', { path: 'index.html?causal.seed=-3&causal.step=2&causal.bogus=1&causal.masked=maybe' });
  const section = await showSection(page, 'causal');
  const note = section.locator('.link-note[role="status"]');
  assert.equal(await note.isVisible(), true);
  const text = await note.textContent();
  assert.match(text, /seed = “-3”: Seed must be a whole number from 0 to 4,294,967,295\./);
  assert.match(text, /bogus = “1”: this section has no such setting\./);
  assert.match(text, /masked = “maybe”/);
  assert.equal(await section.locator('input[name="seed"]').inputValue(), '1', 'the default seed');
  assert.equal(await section.locator('input[name="step"]').inputValue(), '2', 'the good value is used');
  assert.equal(await section.locator('[data-chart="weights"] .row-labels text').count(), 2);
  assert.deepEqual(errors, []);
});

test('a refused input gets a message for people beside it and marks the figure out of date until fixed', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'self-attention');
  const before = await cellValues(section);
  const seed = section.locator('input[name="seed"]');
  await seed.fill('1.5');
  const message = section.locator('[data-error-for="seed"]');
  assert.equal(await message.textContent(), 'Seed must be a whole number from 0 to 4,294,967,295.');
  assert.equal(await seed.getAttribute('aria-invalid'), 'true');
  assert.equal(await section.locator('figure:has([data-chart]) .stale-note').first().isVisible(), true);
  assert.deepEqual(await cellValues(section), before, 'the last good figure stays');
  await seed.fill('5');
  assert.equal(await message.isVisible(), false);
  assert.equal(await section.locator('figure:has([data-chart]) .stale-note').first().isVisible(), false);
  assert.notDeepEqual(await cellValues(section), before);
  assert.deepEqual(errors, []);
});

test('every number field and slider accepts its whole range and refuses what lies outside it', async () => {
  const { page, errors } = await browser.open('http');
  await showAllSections(page);
  // The section's controls, not the answer fields of its Practice questions.
  const controls = await page.$$eval('main > section input[type="number"]:not(.practice input), main > section input[type="range"]',
    (all) => all.map((el) => ({ section: el.closest('section').id, name: el.name, type: el.type, min: el.min, max: el.max })));
  assert.ok(controls.length > 20);
  for (const c of controls) {
    const el = page.locator(`#${c.section} input[name="${c.name}"]`);
    const error = page.locator(`#${c.section} [data-error-for="${c.name}"]`);
    // A bound the page sets later has no attribute yet (section 16's steps and top-k come from the
    // model's config once Generate loads it): only the bounds present are tried.
    for (const value of [c.min, c.max].filter((v) => v !== '')) {
      await el.evaluate((node, v) => { node.value = v; node.dispatchEvent(new Event('input', { bubbles: true })); }, value);
      // The one limit that involves another control: section 3's d_model must be a multiple of its heads
      // (4 by default, so d_model = 1 is refused under d_model, where it was typed).
      const pair = c.section === 'multi-head' && c.name === 'dModel' && Number(value) % 4 !== 0;
      if (pair) assert.equal(await error.textContent(), `d_model must be a multiple of the 4 heads; got ${value}.`);
      else assert.equal(await error.isVisible(), false, `${c.section} ${c.name} = ${value}: ${await error.textContent()}`);
    }
    if (c.type === 'number' && c.max !== '') {
      await el.fill(String(Number(c.max) + 1));
      assert.match(await error.textContent(), /must be a (whole )?number from/, `${c.section} ${c.name} refuses max + 1`);
    }
    await page.locator(`#${c.section} .section-tools button`, { hasText: 'Reset' }).click();
    assert.equal(await error.isVisible(), false);
  }
  assert.deepEqual(errors, []);
});
