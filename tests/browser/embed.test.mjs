// Embedding: the example course page with two sections in sandboxed iframes
// whose heights follow their content, embed.html's message for an unknown
// section, and the Embed button's snippet (the README shows the same one).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openBrowser, DIST, eventually } from './harness.mjs';
import { embedSnippet, HEIGHT_MESSAGE } from '../../site/src/ui/embed-snippet.js';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// The frame element's height and its document's body height, in px.
async function heights(page, frameId) {
  const outer = await page.locator(`#${frameId}`).evaluate((f) => f.getBoundingClientRect().height);
  const inner = await page.frameLocator(`#${frameId}`).locator('body').evaluate((b) => b.getBoundingClientRect().height);
  return { outer, inner };
}

// Waits until the iframe's height matches its content (the resize script did its job).
async function fitted(page, frameId) {
  for (let i = 0; i < 50; i += 1) {
    const { outer, inner } = await heights(page, frameId);
    if (Math.abs(outer - Math.ceil(inner)) <= 1) return outer;
    await page.waitForTimeout(100);
  }
  const { outer, inner } = await heights(page, frameId);
  assert.fail(`#${frameId} is ${outer}px tall, its content ${inner}px`);
}

test('example course page: two sandboxed sections draw and their frames follow their content', async () => {
  const { page, errors, outside } = await browser.open('http', { path: 'examples/course-page.html' });
  const frames = page.locator('iframe');
  assert.equal(await frames.count(), 2);
  for (const frame of await frames.all()) {
    assert.equal(await frame.getAttribute('sandbox'), 'allow-scripts allow-popups allow-downloads');
    assert.equal(await frame.getAttribute('allow'), 'clipboard-write', 'Copy CSV / JSON / link copy in one click');
  }

  const self = page.frameLocator('#atlas-self-attention');
  await self.locator('#self-attention[data-state="ready"]').waitFor();
  assert.equal(await self.locator('main > section').count(), 1);
  assert.equal(await self.locator('[data-chart="weights"] g.cell').count(), 36);
  const before = await fitted(page, 'atlas-self-attention');
  await self.locator('input[name="sentence"]').fill('a much longer sentence makes the attention matrix grow by rows and by columns');
  await self.locator('[data-chart="weights"] g.cell').nth(14 * 14 - 1).waitFor({ state: 'attached' });
  const after = await fitted(page, 'atlas-self-attention');
  assert.ok(after > before, `the frame grew with the figure: ${before}px -> ${after}px`);
  await self.locator('input[name="sentence"]').fill('short one');
  const shrunk = await fitted(page, 'atlas-self-attention');
  assert.ok(shrunk < after, `and shrank again: ${after}px -> ${shrunk}px`);

  // The second frame: "patterns" when that section exists in this build, otherwise the clear message.
  const hasPatterns = (await readFile(join(DIST, 'index.html'), 'utf8')).includes('<section id="patterns"');
  const second = page.frameLocator('#atlas-patterns');
  if (hasPatterns) {
    await second.locator('#patterns[data-state="ready"]').waitFor();
  } else {
    await second.locator('.embed-missing').waitFor();
    assert.match(await second.locator('.embed-missing').textContent(), /no section “patterns”.*self-attention/s);
  }
  const secondHeight = await fitted(page, 'atlas-patterns');
  assert.notEqual(secondHeight, 720, 'the frame left its default height for its content');

  // Side by side at 1280 px.
  const [a, b] = await Promise.all(['#atlas-self-attention', '#atlas-patterns'].map((s) => page.locator(s).boundingBox()));
  assert.ok(Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width, 'the two frames sit side by side');
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});

for (const mode of ['http', 'file']) {
  test(`embed.html with an unknown or missing section shows a clear message (${mode})`, async () => {
    const { page, errors, outside } = await browser.open(mode, { path: 'embed.html?section=<b>nope</b>' });
    const message = page.locator('.embed-missing[role="alert"]');
    await message.waitFor();
    assert.match(await message.textContent(), /no section “<b>nope<\/b>”\. Sections you can embed: .*self-attention/);
    assert.equal(await page.locator('main b, main > section').count(), 0, 'the id is shown as text, nothing else is drawn');
    await page.goto(new URL('embed.html', page.url()).href);
    assert.match(await message.textContent(), /does not say which section/);
    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}

test('the Embed button gives a snippet that works pasted into another page', async () => {
  const { page, errors, outside, context, base } = await browser.open('http');
  const disclosure = page.locator('#self-attention .embed-share');
  const code = disclosure.locator('textarea');
  assert.equal(await code.isVisible(), false, 'closed until asked');
  await disclosure.locator('summary').click();
  assert.equal(await code.isVisible(), true);
  const snippet = await code.inputValue();
  const title = (await page.locator('#self-attention h2').textContent()).trim();
  const id = snippet.match(/<iframe id="(atlas-self-attention-[0-9a-f]{6})"/)?.[1];
  assert.ok(id, `the frame's id is the section's plus a random suffix: ${snippet.slice(0, 60)}`);
  assert.equal(snippet, embedSnippet({ src: `${base}embed.html?section=self-attention`, section: 'self-attention', title: `Attention Atlas: ${title}`, id }));
  await disclosure.locator('summary').click();
  await disclosure.locator('summary').click();
  // The snippet is rewritten on the details element's toggle event, which fires in a later task: wait for it.
  await page.waitForFunction((old) => document.querySelector('#self-attention .embed-share textarea').value !== old, snippet, { timeout: 5000 })
    .catch(() => assert.fail('each time it opens the snippet has a new id: two copies on one page differ'));
  // Each section gets its disclosure as it comes near (a form control in a section not yet shown
  // would have the browser lay that section out at load: ui/live-parts.js).
  const sections = await page.locator('main > section[id]').count();
  assert.ok(await page.locator('main > section .embed-share').count() < sections, 'the sections far down have none yet');
  for (let k = 0; k < sections; k++) await page.locator('main > section[id]').nth(k).scrollIntoViewIfNeeded();
  assert.equal(await eventually(() => page.locator('main > section .embed-share').count(), sections), sections, 'one per section');

  const host = await context.newPage();
  await host.setContent(`<!doctype html><h1>My course</h1>${snippet}`);
  const frame = host.frameLocator(`#${id}`);
  await frame.locator('#self-attention[data-state="ready"]').waitFor();
  assert.ok((await fitted(host, id)) > 0);
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});

test('the resize script ignores messages from other windows and absurd heights', async () => {
  const { context } = await browser.open('http');
  const host = await context.newPage();
  const snippet = embedSnippet({ src: 'about:blank', section: 'x', title: 'x', id: 'atlas-x' });
  await host.setContent(`<!doctype html>${snippet}`);
  const height = () => host.locator('#atlas-x').evaluate((f) => f.getBoundingClientRect().height);
  const initial = await height();
  const inFrame = host.frames().find((f) => f !== host.mainFrame());
  const post = (from, height) => from.evaluate(([type, h]) => window.parent.postMessage({ type, height: h }, '*'), [HEIGHT_MESSAGE, height]);
  await post(host.mainFrame(), 123); // right type, wrong sender
  await post(inFrame, 1e9); // right sender, absurd height
  await post(inFrame, -5);
  await host.waitForTimeout(200);
  assert.equal(await height(), initial);
  await post(inFrame, 321.2); // right sender, sane height: applied (rounded up)
  await host.waitForFunction(() => document.getElementById('atlas-x').getBoundingClientRect().height === 322);
});

test('the README shows the same snippet as the Embed button', async () => {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const snippet = embedSnippet({
    src: 'https://example.edu/atlas/embed.html?section=self-attention',
    section: 'self-attention',
    title: 'Attention Atlas: 1. Self-attention',
    id: 'atlas-self-attention',
  });
  assert.ok(readme.includes(snippet), 'README "Embed in a course page" carries the current snippet');
});
