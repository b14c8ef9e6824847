// Ship it anywhere: the folder build from file:// with nothing outside dist/
// reachable, the single-file build opened on its own, and the folder build
// under a strict Content-Security-Policy (the page and every embed.html).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openBrowser, showAllSections, DIST, singleFileFolder } from './harness.mjs';
import { escapeScript } from '../../site/build-single.mjs';

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

function assertAllReady(states) {
  const ids = Object.keys(states);
  assert.ok(ids.includes('self-attention'), `sections with a module: ${ids.join(', ')}`);
  for (const id of ids) assert.equal(states[id], 'ready', `section ${id} draws`);
}

test('folder build from file://: every section draws, no error, no request leaves dist/', async () => {
  const { page, errors, outside } = await browser.open('file');
  assertAllReady(await showAllSections(page));
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});

test('single file, alone in its folder, from file://: every section draws with no other request', async () => {
  const { page, errors, outside, base } = await browser.open('file', { dir: lonely.dir, path: 'attention-atlas.html' });
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  const states = await showAllSections(page);
  assertAllReady(states);
  assert.equal(await page.locator('script[src], link[rel="stylesheet"]').count(), 0, 'nothing left to fetch');
  assert.deepEqual(requests.filter((url) => !/^(data|blob):/.test(url)), []);
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
  assert.ok(base.startsWith('file:'));
});

test('single file: the sections and their order are those of the folder build', async () => {
  const folder = await readFile(join(DIST, 'index.html'), 'utf8');
  const single = await readFile(join(DIST, 'attention-atlas.html'), 'utf8');
  const ids = (html) => [...html.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(ids(folder).length > 0);
  assert.deepEqual(ids(single), ids(folder));
  assert.doesNotMatch(single, /http-equiv="Content-Security-Policy"/i);
  const notice = await readFile(join(DIST, 'LICENSES.txt'), 'utf8');
  assert.match(notice, /d3-selection [\d.]+ \(ISC\)[\s\S]*Permission to use, copy, modify/, 'the d3 ISC notice travels with app.js');
  assert.match(notice, /Eigen[\s\S]*MPL-2\.0/);
  assert.ok(single.includes(notice.split('\n')[0]), 'and with the single file');
});

test('inlined scripts cannot close their <script> element early', () => {
  const js = 'var s = "</script><b>", t = `</SCRIPT >`, r = /<\\/script/i;';
  const safe = escapeScript(js, 'x.js');
  assert.doesNotMatch(safe, /<\/script/i);
  // The escaped code means the same: same strings, same regular expression.
  const run = (code) => new Function(`${code}; return [s, t, String(r)];`)();
  assert.deepEqual(run(safe), run(js));
  assert.throws(() => escapeScript('var c = "<!--";', 'y.js'), /y\.js contains "<!--"/);
});

test('folder build over http with a strict CSP header: every section draws, zero violations', async () => {
  const { page, errors, outside, violations } = await browser.open('http', { csp: true });
  assertAllReady(await showAllSections(page));
  // Open every Embed disclosure too: its code box and buttons must obey the policy as well.
  for (const summary of await page.locator('main > section .embed-share summary').all()) await summary.click();
  assert.deepEqual(await violations(), []);
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});

test('embed.html over http with a strict CSP header: each section alone draws, zero violations', async () => {
  const index = await browser.open('http', { csp: true });
  await index.page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  const ids = await index.page.$$eval('main > section[data-state]', (all) => all.map((s) => s.id));
  assert.ok(ids.includes('self-attention'));
  for (const id of ids) {
    const { page, errors, outside, violations } = await browser.open('http', { csp: true, path: `embed.html?section=${id}` });
    const states = await showAllSections(page);
    assert.deepEqual(states, { [id]: 'ready' }, `embed.html shows ${id} alone and draws it`);
    assert.equal(await page.locator('.masthead, .toc, .colophon, .embed-share').count(), 0, 'no page chrome');
    assert.equal(await page.locator('main a[href^="#"]').count(), 0, 'links into the article lead to index.html');
    assert.deepEqual(await violations(), [], id);
    assert.deepEqual(errors, [], id);
    assert.deepEqual(outside, [], id);
    await page.context().close();
  }
});
