// dist/attention-atlas-scorm12.zip against a real SCORM 1.2 run-time: the npm
// package scorm-again (the LMS side, as LMS plug-ins use it), loaded by a host
// page that frames the package's SCO as a platform does. The zip is read by an
// independent reader (Python's zipfile). One learner's sessions: answer wrong,
// then right (status incomplete, score.raw = the percent right, min 0, max 100,
// suspend_data, LMSCommit); close (LMSFinish); launch again with what the LMS
// kept (progress restored from suspend_data), reach the mastery score (passed);
// a session where every answer is shown without reaching it (failed). Opened
// without an LMS, the SCO works as the single file does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, openBrowser } from './harness.mjs';
import { loadCore } from '../wasm/load.mjs';
import { exercises } from '../../site/src/exercises/index.js';

const require = createRequire(import.meta.url);
const core = await loadCore();
const question = (id) => exercises.find((e) => `${e.section}/${e.id}` === id).generate(core, 1);

const HOST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A course platform</title>
<script src="scorm12.js"></script>
<script>
  window.calls = [];
  window.launch = function (state) {
    var api = new Scorm12API({ autocommit: false, logLevel: 5 });
    if (state) api.loadFromJSON(state);
    ['LMSInitialize', 'LMSCommit', 'LMSFinish'].forEach(function (name) {
      api.on(name, function () { window.calls.push(name); });
    });
    api.on('LMSSetValue.cmi.*', function (element, value) { window.calls.push(element + '=' + value); });
    window.API = api;
    var frame = document.createElement('iframe');
    frame.src = 'attention-atlas.html';
    frame.title = 'The activity';
    frame.style.width = '1200px';
    frame.style.height = '850px';
    document.body.append(frame);
  };
  window.closeActivity = function () { document.querySelector('iframe').remove(); };
  window.record = function () {
    var c = window.API.cmi;
    return { status: c.core.lesson_status, raw: c.core.score.raw, min: c.core.score.min, max: c.core.score.max, suspend: c.suspend_data };
  };
</script></head><body></body></html>`;

let browser;
let dir;
let manifest;
before(async () => {
  browser = await openBrowser();
  dir = await mkdtemp(join(tmpdir(), 'atlas-scorm-'));
  const listing = execFileSync('python3', ['-c', `import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
z.extractall(sys.argv[2])
print('\\n'.join(z.namelist()))`, join(DIST, 'attention-atlas-scorm12.zip'), dir], { encoding: 'utf8' });
  assert.deepEqual(listing.trim().split('\n').sort(), ['attention-atlas.html', 'imsmanifest.xml']);
  manifest = await readFile(join(dir, 'imsmanifest.xml'), 'utf8');
  await copyFile(require.resolve('../../node_modules/scorm-again/dist/scorm12.js'), join(dir, 'scorm12.js'));
  await writeFile(join(dir, 'host.html'), HOST);
});
after(async () => {
  await browser.close();
  await rm(dir, { recursive: true, force: true });
});

// The LMS launches the SCO with `state` (what it kept, as scorm-again's loadFromJSON takes it) -> its frame.
async function launch(page, state) {
  const navigated = page.waitForEvent('framenavigated', { predicate: (f) => f.url().endsWith('attention-atlas.html') });
  await page.evaluate((s) => { window.calls = []; window.launch(s); }, state);
  const frame = await navigated;
  await frame.waitForLoadState('load');
  await frame.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  return frame;
}
async function openSection(frame, id) {
  await frame.locator(`#${id}`).scrollIntoViewIfNeeded();
  await frame.waitForFunction((sid) => document.getElementById(sid)?.dataset.state === 'ready', id);
}
async function answer(frame, id, value) {
  const input = frame.locator(`#exercise-${id} input[type="number"]`);
  await input.fill(String(value));
  await input.press('Enter');
}

test('the manifest is SCORM 1.2 with one SCO, the single file, and a mastery score', () => {
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(manifest, /<resource identifier="atlas-sco" type="webcontent" adlcp:scormtype="sco" href="attention-atlas.html">/);
  assert.match(manifest, /<adlcp:masteryscore>80<\/adlcp:masteryscore>/);
  execFileSync('python3', ['-c', 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])', join(dir, 'imsmanifest.xml')]);
});

test('scorm-again records status, score and suspend data; a new session resumes; passed and failed at the mastery score', async () => {
  const mastery = Number(manifest.match(/<adlcp:masteryscore>(\d+)</)[1]);
  const { page, errors } = await browser.open('http', { dir, path: 'host.html' });
  const total = exercises.length;
  const count = question('causal/blocked-count');
  const renorm = question('causal/renormalised');

  // Session 1: wrong, then right.
  let frame = await launch(page, { student_data: { mastery_score: String(mastery) } });
  await openSection(frame, 'causal');
  await answer(frame, 'causal-blocked-count', count.answer.value + 1);
  let rec = await page.evaluate(() => window.record());
  assert.deepEqual([rec.status, rec.raw, rec.min, rec.max], ['incomplete', '0', '0', '100']);
  await frame.locator('#exercise-causal-blocked-count [data-action="try-again"]').click();
  await answer(frame, 'causal-blocked-count', count.answer.value);
  rec = await page.evaluate(() => window.record());
  const oneRight = String(Math.round(100 / total));
  assert.deepEqual([rec.status, rec.raw], ['incomplete', oneRight]);
  const kept = JSON.parse(rec.suspend);
  assert.deepEqual(kept['causal/blocked-count@1'], { correct: true, attempts: 2, shown: false, seed: 1 });
  let calls = await page.evaluate(() => window.calls);
  assert.equal(calls[0], 'LMSInitialize');
  assert.ok(calls.includes('cmi.core.lesson_status=incomplete'));
  assert.ok(calls.filter((c) => c === 'LMSCommit').length >= 2, 'committed after each answer');
  await page.evaluate(() => window.closeActivity());
  await page.waitForFunction(() => window.calls.includes('LMSFinish'));

  // Session 2: the LMS launches again with what it kept; the answer is there; a second right answer reaches mastery.
  const twoRight = Math.round(200 / total);
  frame = await launch(page, { core: { lesson_status: rec.status, entry: 'resume', score: { raw: rec.raw } }, suspend_data: rec.suspend, student_data: { mastery_score: String(twoRight) } });
  await openSection(frame, 'causal');
  assert.equal(await frame.locator('#exercise-causal-blocked-count .exercise-status').textContent(), 'Done: answered right');
  assert.match(await frame.locator('[data-practice-total]').textContent(), new RegExp(`^1 of ${total} exercises answered right`));
  await answer(frame, 'causal-renormalised', renorm.answer.value.toFixed(3));
  rec = await page.evaluate(() => window.record());
  assert.deepEqual([rec.status, rec.raw], ['passed', String(twoRight)]);
  await page.evaluate(() => window.closeActivity());
  await page.waitForFunction(() => window.calls.includes('LMSFinish'));

  // Session 3: mastery 100, every other answer shown: every exercise tried, the mastery score not reached.
  frame = await launch(page, { core: { lesson_status: rec.status, entry: 'resume' }, suspend_data: rec.suspend, student_data: { mastery_score: '100' } });
  for (const id of await frame.locator('main > section[data-state]').evaluateAll((all) => all.map((s) => s.id))) await openSection(frame, id);
  // Section 13 asks about the learner's run: train until an induction head appears, pause (a checkpoint), draw.
  await frame.locator('#learn [data-action="start"]').click();
  await frame.waitForFunction(() => document.getElementById('learn').dataset.passedStep, null, { timeout: 120000 });
  await frame.locator('#learn [data-action="pause"]').click();
  for (const c of await frame.locator('#learn .exercise').all()) {
    for (let k = 0; k < 20 && await c.getAttribute('data-state') !== 'answering'; k++) {
      await c.locator('[data-action="new-question"]').click();
      await frame.waitForFunction((el) => el.dataset.state !== 'waiting' || !/Drawing/.test(el.textContent), await c.elementHandle());
      if (await c.getAttribute('data-state') !== 'answering') await frame.waitForTimeout(500);
    }
  }
  // Section 16 asks about the model's own generation: Generate loads the model, then its cards draw.
  await frame.locator('#kv-cache [data-action="generate"]').click();
  await frame.waitForFunction(() => document.getElementById('kv-cache')?.dataset.generated === 'true', null, { timeout: 60000 });
  await frame.waitForFunction(() => [...document.querySelectorAll('#kv-cache .exercise')].every((c) => c.dataset.state === 'answering'));
  for (const button of await frame.locator('.exercise:not([data-done="true"]) [data-action="show-answer"]').all()) await button.click();
  rec = await page.evaluate(() => window.record());
  assert.deepEqual([rec.status, rec.raw], ['failed', String(twoRight)]);
  assert.deepEqual(errors, []);
});

test('without an LMS the packaged page works as the single file does', async () => {
  const { page, errors } = await browser.open('http', { dir, path: 'attention-atlas.html' });
  await page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  await page.locator('#causal').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('causal')?.dataset.state === 'ready');
  const input = page.locator('#exercise-causal-blocked-count input[type="number"]');
  await input.fill(String(question('causal/blocked-count').answer.value));
  await input.press('Enter');
  assert.match(await page.locator('#exercise-causal-blocked-count .exercise-feedback').textContent(), /^Right\./);
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('attention-atlas:progress')))['causal/blocked-count@1'].correct, true);
  assert.deepEqual(errors, []);
});
