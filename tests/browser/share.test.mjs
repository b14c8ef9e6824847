// Sharing, as an instructor does it: Copy link and the Embed snippet from the
// single file (no folder beside it), a default link with no stray "?", the
// theme carried by links and embeds, two frames of one section that both fit
// their content, and the resize script as a file on a course page whose
// Content-Security-Policy refuses inline scripts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, singleFileFolder, eventually } from './harness.mjs';
import { embedSnippet, RESIZE_FILE } from '../../site/src/ui/embed-snippet.js';

let browser;
let lonely; // a folder holding only the single file
before(async () => {
  browser = await openBrowser();
  lonely = await singleFileFolder();
});
after(async () => {
  await browser.close();
  await lonely.remove();
});

// Clicks a section's Copy link and returns the link (the box beside it holds it whether or not the clipboard took it).
async function copyLink(section) {
  await section.locator('.section-tools button', { hasText: 'Copy link' }).click();
  await section.locator('.section-tools .copy-status').filter({ hasText: /\S/ }).waitFor();
  return section.locator('.section-tools textarea').inputValue();
}

async function snippetOf(section) {
  const disclosure = section.locator('.embed-share');
  if (!(await disclosure.evaluate((d) => d.open))) await disclosure.locator('summary').click();
  return disclosure.locator('textarea').inputValue();
}
const srcOf = (snippet) => snippet.match(/ src="([^"]+)"/)[1].replace(/&amp;/g, '&');

test('single file from file://: Copy link points at the single file, and it restores the setting', async () => {
  const { page, errors, base } = await browser.open('file', { dir: lonely.dir, path: 'attention-atlas.html' });
  const section = await showSection(page, 'causal');
  await section.locator('input[name="seed"]').fill('9');
  const link = await copyLink(section);
  const url = new URL(link);
  assert.equal(`${url.origin === 'null' ? 'file://' : url.origin}${url.pathname}`, `${base}attention-atlas.html`);
  assert.equal(url.hash, '#causal');
  assert.equal(url.searchParams.get('causal.seed'), '9');

  const again = await page.context().newPage();
  await again.goto(link);
  const restored = await showSection(again, 'causal');
  assert.equal(await restored.locator('input[name="seed"]').inputValue(), '9', 'the link opens the single file with the seed');
  assert.deepEqual(errors, []);
});

test('single file: the Embed disclosure says the folder is needed, and its address is relative to that folder', async () => {
  const { page, errors } = await browser.open('file', { dir: lonely.dir, path: 'attention-atlas.html' });
  const section = await showSection(page, 'causal');
  const snippet = await snippetOf(section);
  assert.match(srcOf(snippet), /^embed\.html\?section=causal$/);
  assert.match(await section.locator('.embed-share .embed-note').textContent(), /single-file Atlas.*folder \(dist\/, with embed\.html\) on a web server/s);
  assert.deepEqual(errors, []);
});

test('the folder build: the same link with default settings has no stray "?", and points at the page itself', async () => {
  for (const mode of ['http', 'file']) {
    const { page, base } = await browser.open(mode);
    const link = await copyLink(await showSection(page, 'patterns'));
    assert.equal(link, `${base}index.html#patterns`, mode);
  }
});

test('Copy link and Embed carry the colours: the page’s choice, or the one picked for the frame', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'patterns');
  assert.equal(new URL(await copyLink(section)).searchParams.get('theme'), null, 'following the system: no theme in the link');
  assert.equal(new URL(srcOf(await snippetOf(section))).searchParams.get('theme'), null);

  await page.selectOption('#atlas-theme', 'dark');
  assert.equal(new URL(await copyLink(section)).searchParams.get('theme'), 'dark');
  const choice = section.locator('.embed-share select[id^="embed-theme-"]');
  await section.locator('.embed-share summary').click(); // closed, then opened again: it rebuilds
  await section.locator('.embed-share summary').click();
  assert.equal(await choice.inputValue(), '', 'the choice for the frame was made before the page went dark');
  await choice.selectOption('light');
  const src = await eventually(async () => srcOf(await snippetOf(section)), (s) => s.includes('theme='));
  assert.equal(new URL(src).searchParams.get('theme'), 'light', 'a light frame for a light course page');

  const frame = await page.context().newPage();
  await frame.goto(src);
  await showSection(frame, 'patterns');
  assert.equal(await frame.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'light');
  assert.deepEqual(errors, []);
});

// The frame element's height equals its content's, within a pixel. Scrolled into view first: the
// browser pauses the rendering (and so the resize reports) of a cross-origin frame off screen.
async function fits(host, id) {
  return eventually(async () => {
    await host.locator(`#${id}`).scrollIntoViewIfNeeded();
    const outer = await host.locator(`#${id}`).evaluate((f) => f.getBoundingClientRect().height);
    const inner = await host.frameLocator(`#${id}`).locator('body').evaluate((b) => b.getBoundingClientRect().height);
    return Math.abs(outer - Math.ceil(inner)) <= 1 && outer !== 720;
  }, true);
}

test('two frames of one section, pasted from two snippets, both fit their content', async () => {
  const { page, context, base } = await browser.open('http');
  const section = await showSection(page, 'self-attention');
  const first = await snippetOf(section);
  await section.locator('input[name="sentence"]').fill('one two three four five six seven eight nine ten eleven');
  const second = await eventually(() => snippetOf(section), (s) => s.includes('sentence'));
  const ids = [first, second].map((s) => s.match(/<iframe id="([^"]+)"/)[1]);
  assert.notEqual(ids[0], ids[1]);
  const host = await context.newPage();
  await host.goto(`${base}LICENSES.txt`); // any page of the server: the frames then load from it
  await host.setContent(`<!doctype html><h1>Two views</h1>${first}${second}`);
  for (const id of ids) assert.equal(await fits(host, id), true, `#${id} fits`);
  const [a, b] = await Promise.all(ids.map((id) => host.locator(`#${id}`).evaluate((f) => f.getBoundingClientRect().height)));
  assert.ok(b > a, `the longer sentence's frame is taller: ${a} then ${b} px`);
});

test(`a course page that refuses inline scripts fits its frames with ${RESIZE_FILE}`, async () => {
  const { context, base } = await browser.open('http');
  const host = await context.newPage();
  const frames = ['a', 'b'].map((k) => embedSnippet({ src: `${base}embed.html?section=self-attention`, section: 'self-attention', title: k, id: `f-${k}` })
    .replace(/<script>[\s\S]*<\/script>/, `<script src="${base}${RESIZE_FILE}"></script>`));
  const page = `<!doctype html><html><body><h1>Course</h1>${frames.join('')}<script>window.inlineRan = true;</script></body></html>`;
  await host.route(`${base}course.html`, (route) => route.fulfill({
    contentType: 'text/html', body: page, headers: { 'Content-Security-Policy': "script-src 'self'" },
  }));
  await host.goto(`${base}course.html`);
  assert.equal(await host.evaluate(() => window.inlineRan), undefined, 'the policy does refuse inline scripts');
  for (const id of ['f-a', 'f-b']) assert.equal(await fits(host, id), true, `#${id} fits`);
});

test('Embed offers "this figure only" for each of the section\'s figures; the frame then shows that figure alone', async () => {
  const { page, context, errors } = await browser.open('http');
  const section = await showSection(page, 'flow');
  await snippetOf(section);
  const show = section.locator('.embed-share select[id^="embed-figure-"]');
  const names = await show.locator('option').evaluateAll((all) => all.map((o) => o.value));
  const charts = await section.locator('figure').evaluateAll((all) => all.map((f) => f.querySelector('[data-chart]')?.dataset.chart).filter(Boolean));
  assert.deepEqual(names, ['', ...charts], 'the whole section, then every figure');
  await show.selectOption('flow-matrix');
  const src = await eventually(async () => srcOf(await snippetOf(section)), (s) => s.includes('figure='));
  assert.equal(new URL(src).searchParams.get('figure'), 'flow-matrix');
  const frame = await context.newPage();
  await frame.goto(src);
  await frame.locator('#flow[data-state="ready"]').waitFor();
  assert.equal(await frame.locator('main figure').evaluateAll((all) => all.filter((f) => f.getClientRects().length).length), 1);
  assert.deepEqual(errors, []);
});
