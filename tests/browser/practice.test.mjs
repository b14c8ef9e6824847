// The Practice parts (site/src/exercises/): a question answered by mouse, by
// keyboard alone (the whole of section 6) and by touch at 375 px; the feedback's
// numbers; Try again and Show answer; a predict question's figure changing only
// after the prediction; the question's seed in the address and a bad one
// refused with a note; progress stored, shown in the table of contents and
// "Check yourself", restored after a reload and forgotten on request; axe after
// answering, in both themes; a sandboxed embed posting its answers to the
// course page, which shows the running score. The expected answers come from
// the same generators run in Node on the Node build of the core: the page must
// show the very question the seed names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { openBrowser, showSection } from './harness.mjs';
import { loadCore } from '../wasm/load.mjs';
import { exercises } from '../../site/src/exercises/index.js';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const core = await loadCore();
const exercise = (id) => exercises.find((e) => `${e.section}/${e.id}` === id);
const question = (id, seed = 1) => exercise(id).generate(core, seed);

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const card = (page, section, id) => page.locator(`#exercise-${section}-${id}`);
const feedback = (c) => c.locator('.exercise-feedback');

// The centre of cell (row, col) of the card's heatmap, in page pixels.
async function cellCentre(c, row, col) {
  const svg = c.locator('svg.heatmap-svg').first();
  await svg.scrollIntoViewIfNeeded();
  const cols = Number((await svg.getAttribute('aria-label')).match(/(\d+) by (\d+) cells/)[2]);
  const box = await c.locator('g.cell rect').nth(row * cols + col).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function axeProblems(page, selector) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async (s) => window.axe.run({ include: [[s]], exclude: [['g.cell'], ['.row-labels'], ['.col-labels']] },
    { resultTypes: ['violations'] }), selector);
  return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`);
}

test('a pick question by mouse: wrong, Try again, right; the feedback gives the numbers; progress survives a reload', async () => {
  const { page, errors } = await browser.open('http');
  await showSection(page, 'self-attention');
  const q = question('self-attention/same-row');
  const c = card(page, 'self-attention', 'same-row');
  assert.equal(await c.locator('.exercise-prompt').textContent(), q.prompt);
  const wrongRow = [...Array(q.figure.rowLabels.length).keys()].find((i) => i !== q.answer.row && i !== q.inputs.first);
  let at = await cellCentre(c, wrongRow, 0);
  await page.mouse.click(at.x, at.y);
  assert.match(await feedback(c).textContent(), /^Not quite\. Row “.+” \(word \d+\) differs from it by up to \d\.\d\d/);
  assert.equal(await c.getAttribute('data-result'), 'wrong');
  await c.locator('[data-action="try-again"]').click();
  assert.equal(await feedback(c).isHidden(), true);
  at = await cellCentre(c, q.answer.row, 2);
  await page.mouse.click(at.x, at.y);
  assert.match(await feedback(c).textContent(), /^Right\. The rows of/);
  assert.equal(await c.locator('.exercise-status').textContent(), 'Done: answered right');
  assert.equal(await page.locator('#atlas-announcer').textContent(), await feedback(c).textContent(), 'announced once, with the feedback');
  assert.match(await page.locator('.toc a[href="#self-attention"] + .toc-progress').textContent(), /1\/2 practice done/);
  assert.deepEqual(await axeProblems(page, '#self-attention-practice'), []);

  await page.reload();
  await showSection(page, 'self-attention');
  assert.equal(await card(page, 'self-attention', 'same-row').locator('.exercise-status').textContent(), 'Done: answered right');
  const row = page.locator('#check-yourself tr[data-exercise="self-attention/same-row"]');
  assert.equal(await row.getAttribute('data-status'), 'right');
  assert.match(await page.locator('[data-practice-total]').textContent(), new RegExp(`^1 of ${exercises.length} exercises answered right`));
  await page.locator('[data-action="forget-answers"]').click();
  assert.equal(await row.getAttribute('data-status'), 'not tried');
  assert.equal(await card(page, 'self-attention', 'same-row').locator('.exercise-status').textContent(), 'Not answered yet');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-atlas:progress'))['self-attention/same-row@2']), undefined);
  assert.deepEqual(errors, []);
});

test('section 6 answered by keyboard alone: numbers typed and Enter, a prediction chosen with Tab and Enter', async () => {
  const { page, errors } = await browser.open('http', { path: 'index.html?theme=dark' });
  await showSection(page, 'causal');
  const count = question('causal/blocked-count');
  const renorm = question('causal/renormalised');
  const drop = question('causal/entropy-drop');

  const c1 = card(page, 'causal', 'blocked-count');
  await c1.locator('input[type="number"]').focus();
  await page.keyboard.type(String(count.answer.value + 1));
  await page.keyboard.press('Enter');
  assert.match(await feedback(c1).textContent(), new RegExp(`^Not quite\\. .* = ${count.answer.value} of .*you said ${count.answer.value + 1}`));
  await c1.locator('[data-action="try-again"]').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.type), 'number', 'Try again puts the focus back in the field');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(String(count.answer.value));
  await page.keyboard.press('Enter');
  assert.match(await feedback(c1).textContent(), /^Right\./);

  const c2 = card(page, 'causal', 'renormalised');
  await c2.locator('input[type="number"]').focus();
  await page.keyboard.type(renorm.answer.value.toFixed(3));
  await page.keyboard.press('Enter');
  assert.match(await feedback(c2).textContent(), new RegExp(`^Right\\. .*becomes ${renorm.answer.value.toFixed(3)}`));

  const c3 = card(page, 'causal', 'entropy-drop');
  const hatchedBefore = await c3.locator('g.cell.blocked').count();
  await c3.locator('[data-action="choose"]').first().focus();
  for (let k = 0; k < drop.answer.index; k++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  assert.match(await feedback(c3).textContent(), /^Right\./);
  assert.equal(hatchedBefore, 0, 'before the prediction the figure shows no mask');
  assert.ok(await c3.locator('g.cell.blocked').count() > 0, 'after it, the masked weights with their hatched cells');
  assert.match(await page.locator('#causal').getAttribute('data-practice'), /^3\/3$/);
  assert.deepEqual(await axeProblems(page, '#causal-practice'), []);
  assert.deepEqual(errors, []);
});

test('the figure of a pick question by keyboard: arrows to a cell, Enter answers; Show answer names it', async () => {
  const { page, errors } = await browser.open('file');
  await showSection(page, 'cross-attention');
  const q = question('cross-attention/top-source');
  const c = card(page, 'cross-attention', 'top-source');
  const svg = c.locator('svg.heatmap-svg');
  await svg.focus();
  await page.keyboard.press('Control+Home');
  for (let k = 0; k < q.answer.row; k++) await page.keyboard.press('ArrowDown');
  if (q.answer.col === 0) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.match(await feedback(c).textContent(), /^Not quite\. Your pick “.+” gets \d\.\d{3}\. “.+” gives “.+” \(word \d+\) \d\.\d{3}, the most of its row\./);
  await c.locator('[data-action="try-again"]').press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('heatmap-svg')), true, 'Try again returns to the figure');
  await page.keyboard.press('Home');
  for (let k = 0; k < q.answer.col; k++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.match(await feedback(c).textContent(), /^Right\./);
  await card(page, 'cross-attention', 'same-column').locator('[data-action="show-answer"]').click();
  assert.equal(await feedback(card(page, 'cross-attention', 'same-column')).textContent(), `Answer: ${question('cross-attention/same-column').solution}`);
  assert.deepEqual(errors, []);
});

test('by touch at 375 px: a tap answers, and no card is wider than the screen', async () => {
  const { page, errors } = await browser.open('http', { width: 375, height: 800, touch: true });
  await showSection(page, 'entropy');
  const q = question('entropy/lowest-entropy');
  const c = card(page, 'entropy', 'lowest-entropy');
  await c.locator('svg.heatmap-svg').scrollIntoViewIfNeeded();
  const at = await cellCentre(c, q.answer.row, 1);
  await page.touchscreen.tap(at.x, at.y);
  assert.match(await feedback(c).textContent(), /^Right\. Draw \d+ has the lowest, H = \d\.\d\d/);
  const rights = await page.evaluate(() => [...document.querySelectorAll('.exercise')].map((e) => e.getBoundingClientRect().right));
  assert.ok(rights.length > 0 && rights.every((r) => r <= 375), `cards fit: ${rights}`);
  assert.deepEqual(errors, []);
});

test('the seed is in the address: New question writes it, the link reproduces it, a bad one is refused with a note', async () => {
  const { page, errors, base } = await browser.open('http');
  await showSection(page, 'causal');
  const c = card(page, 'causal', 'blocked-count');
  await c.locator('[data-action="new-question"]').click();
  const seed = Number((await c.locator('.exercise-seed').textContent()).match(/\d+/)[0]);
  assert.notEqual(seed, 1);
  await page.waitForFunction((s) => new URL(location.href).searchParams.get('q.causal.blocked-count') === String(s), seed);
  const again = await browser.open('http', { path: `index.html?q.causal.blocked-count=${seed}#causal` });
  await showSection(again.page, 'causal');
  assert.equal(await card(again.page, 'causal', 'blocked-count').locator('.exercise-prompt').textContent(), question('causal/blocked-count', seed).prompt);
  const bad = await browser.open('http', { path: 'index.html?q.causal.blocked-count=-3#causal' });
  await showSection(bad.page, 'causal');
  const badCard = card(bad.page, 'causal', 'blocked-count');
  assert.match(await badCard.locator('.exercise-seed-error').textContent(), /question number was ignored: a question number is a whole number from 1/);
  assert.equal(await badCard.locator('.exercise-prompt').textContent(), question('causal/blocked-count', 1).prompt);
  assert.ok(base);
  assert.deepEqual([...errors, ...again.errors, ...bad.errors], []);
});

test('a sandboxed embed posts each answer to the course page, which shows the running score', async () => {
  const { page, errors } = await browser.open('http', { path: 'examples/course-page.html' });
  await page.evaluate(() => {
    window.__messages = [];
    window.addEventListener('message', (e) => { if (e.data?.type === 'attention-atlas:exercise') window.__messages.push(e.data); });
  });
  const frame = page.frameLocator('#atlas-self-attention');
  const c = frame.locator('#exercise-self-attention-missing-weight');
  await c.scrollIntoViewIfNeeded({ timeout: 30000 });
  const q = question('self-attention/missing-weight');
  await c.locator('input[type="number"]').fill('5');
  await c.locator('input[type="number"]').press('Enter');
  await c.locator('[data-action="try-again"]').click();
  await c.locator('input[type="number"]').fill(q.answer.value.toFixed(3));
  await c.locator('input[type="number"]').press('Enter');
  await page.waitForFunction(() => window.__messages.length === 2);
  assert.deepEqual(await page.evaluate(() => window.__messages), [
    { type: 'attention-atlas:exercise', section: 'self-attention', exercise: 'missing-weight', correct: false, attempts: 1, score: 0, total: 2 },
    { type: 'attention-atlas:exercise', section: 'self-attention', exercise: 'missing-weight', correct: true, attempts: 2, score: 1, total: 2 },
  ]);
  assert.equal(await page.locator('#atlas-score').textContent(), 'Attention Atlas exercises: 1 of 2 answered right.');
  assert.match(await frame.locator('#self-attention .practice-summary').textContent(), /kept for this visit only/);
  assert.deepEqual(errors.filter((e) => !/sandbox|localStorage/i.test(e)), []);
});
