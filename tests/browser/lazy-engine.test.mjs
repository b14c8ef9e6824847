// What loads when (docs/performance.md, "What loads when"): the top of the article loads
// only the first engine (section 1's functions), then the lean engine once the first
// screen is drawn, before any other section needs it; a link to a place further down
// loads the lean engine only; the first trained view loads the full engine and the
// model once; section 13 over http trains in the worker file, which loads the full
// engine itself, so the page never does; the single file carries four engines inertly
// (no first ones), and the Practice script, and runs only the ones it needs, when it
// needs them. Sections near
// the viewport start as soon as the core is ready; the others when they come near.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, openTrained, singleFileFolder } from './harness.mjs';

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

// The page's own downloads of scripts, by file name, in order.
const scripts = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .map((e) => new URL(e.name).pathname.split('/').pop()).filter((name) => name.endsWith('.js')));

const defined = (page, names) => page.evaluate((list) => list.map((n) => typeof window[n]), names);

test('over http (strict CSP): the top loads the first engine, then the lean one; the first trained view adds the full engine and the model, once', async () => {
  const { page, errors, violations } = await browser.open('http', { csp: true });
  await showSection(page, 'self-attention');
  assert.deepEqual((await scripts(page)).slice(0, 3).sort(), ['app.js', 'atlas-core-loader.js', 'atlas-engine-simd-first.js']);
  // The lean engine and the Practice script follow while the page is idle, before any other section is near.
  await page.waitForFunction(() => ['/atlas-engine-simd.js', '/atlas-practice.js']
    .every((file) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(file))));
  assert.deepEqual((await scripts(page)).slice(3).sort(), ['atlas-engine-simd.js', 'atlas-practice.js']);
  await page.locator('#self-attention-practice .exercise-prompt').first().waitFor();
  assert.equal(await page.locator('#patterns').getAttribute('data-state'), 'waiting');
  assert.equal(await page.evaluate(async () => (await window.createAttentionCore()).full), false);

  await openTrained(page, 'self-attention');
  await openTrained(page, 'layers');
  const later = (await scripts(page)).slice(5).sort();
  assert.deepEqual(later, ['atlas-engine-simd-full.js', 'atlas-model.js'], 'each loaded once, for both views');
  assert.deepEqual(await violations(), []);
  assert.deepEqual(errors, []);
});

test('over http, a link to a section loads the lean engine only, and that section starts on it', async () => {
  const { page, errors } = await browser.open('http', { path: 'index.html#distance' });
  await page.waitForFunction(() => document.getElementById('distance').dataset.state === 'ready');
  const loaded = await scripts(page);
  assert.ok(loaded.includes('atlas-engine-simd.js'), loaded.join(', '));
  assert.ok(!loaded.includes('atlas-engine-simd-first.js'), loaded.join(', '));
  await showSection(page, 'self-attention'); // section 1 runs on the lean core as well
  assert.deepEqual(errors, []);
});

test('over http, section 13 trains in the worker file without the page loading the full engine', async () => {
  const { page, errors } = await browser.open('http', { csp: true });
  await showSection(page, 'learn');
  await page.waitForFunction(() => document.getElementById('learn').dataset.mode);
  assert.equal(await page.evaluate(() => document.getElementById('learn').dataset.mode), 'worker');
  const loaded = await scripts(page);
  assert.ok(loaded.includes('trainer-worker.js'), loaded.join(', '));
  assert.ok(!loaded.some((name) => /-full\.js$|^attention-core\.js$|^atlas-model\.js$/.test(name)), loaded.join(', '));
  assert.deepEqual(errors, []);
});

test('single file from file://: four inert engines and the Practice script; only the lean SIMD one runs at first paint, its full one on first trained view', async () => {
  const { page, errors, outside } = await browser.open('file', { dir: lonely.dir, path: 'attention-atlas.html' });
  await showSection(page, 'self-attention');
  const blocks = await page.$$eval('script[type="text/plain"]', (all) => all.map((s) => s.id).sort());
  assert.deepEqual(blocks, ['atlas-engine-scalar', 'atlas-engine-scalar-full', 'atlas-engine-simd', 'atlas-engine-simd-full', 'atlas-practice']);
  const names = ['createAtlasEngineSimd', 'createAtlasEngineSimdFull', 'createAtlasEngineScalar', 'createAtlasEngineScalarFull'];
  assert.deepEqual(await defined(page, names), ['function', 'undefined', 'undefined', 'undefined']);
  await openTrained(page, 'self-attention');
  assert.deepEqual(await defined(page, names), ['function', 'function', 'undefined', 'undefined']);
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});

test('sections near the viewport start with the core; one far below waits until it comes near', async () => {
  const { page, errors } = await browser.open('http');
  await page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  const state = (id) => page.locator(`#${id}`).getAttribute('data-state');
  await page.waitForFunction(() => document.getElementById('self-attention').dataset.state === 'ready');
  assert.equal(await state('flow'), 'waiting', 'section 12 is thousands of px below: not started');
  await page.locator('#flow').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('flow').dataset.state === 'ready');
  assert.deepEqual(errors, []);
});
