// Section 13 (learn) as a learner watches it: a speed control (slow motion keeps an
// evaluation every 5 steps), a run that pauses itself at the chosen step and goes on,
// training that pauses while the section is out of view and resumes when seen, a
// fixed loss axis with whole-number steps before any training, the previous run's
// curve kept faint, the ablation study at the step shown (single and paired), the
// reverse task's own words, and no stale message after Reset. No timing is asserted:
// each wait is for a state the page reports.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const data = (page, name) => page.evaluate((n) => document.getElementById('learn').dataset[n], name);
const phase = (page, want) => page.waitForFunction((w) => document.getElementById('learn').dataset.phase === w, want, { timeout: 60000 });
const untilStep = (page, k) => page.waitForFunction((s) => Number(document.getElementById('learn').dataset.step) >= s, k, { timeout: 120000, polling: 100 });
const drawn = (page) => page.waitForFunction(() => !document.getElementById('learn').hasAttribute('data-drawing'));
const yTicks = (section) => section.locator('[data-chart="learn-loss"] .axis.y .tick text').allTextContents();
const xTicks = (section) => section.locator('[data-chart="learn-loss"] .axis.x .tick text').allTextContents();

async function openLearn(query = '') {
  const s = await browser.open('http', { csp: true, path: `index.html${query}` });
  const section = s.page.locator('#learn');
  await section.scrollIntoViewIfNeeded();
  await phase(s.page, 'idle');
  await drawn(s.page);
  return { ...s, section };
}

test('learn: the run pauses itself at the chosen step, says so, and Start goes on; the loss axis stays fixed', async () => {
  const { page, section, errors } = await openLearn('?learn.until=50&learn.speed=0');
  assert.equal(await section.locator('[data-learn="status"]').textContent(), 'Ready.');
  const ticks0 = await xTicks(section);
  assert.ok(ticks0.length >= 2 && ticks0.every((t) => /^\d+$/.test(t)), `whole-number steps before training: ${ticks0}`);
  const y0 = await yTicks(section);
  await section.locator('[data-action="start"]').click();
  await phase(page, 'paused');
  assert.equal(Number(await data(page, 'step')), 50, 'it paused at step 50 exactly');
  assert.match(await section.locator('[data-learn="status"]').textContent(), /^Paused at the step you chose/);
  await drawn(page);
  assert.deepEqual(await yTicks(section), y0, 'the loss axis did not rescale while training');
  await section.locator('[data-action="start"]').click();
  await untilStep(page, 75);
  await section.locator('[data-action="pause"]').click();
  await phase(page, 'paused');
  assert.equal(await section.locator('[data-learn="status"]').textContent(), 'Paused.');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('learn: slow motion keeps an evaluation every 5 steps; the run pauses out of view and goes on when seen', async () => {
  const { page, section, errors } = await openLearn('?learn.speed=10');
  await section.locator('[data-action="start"]').click();
  await untilStep(page, 10);
  assert.equal(Number(await data(page, 'step')) % 5, 0, 'reported at a multiple of 5');
  // Scroll the section out of view: the run pauses and says why.
  await page.evaluate(() => window.scrollTo(0, 0));
  await phase(page, 'paused');
  assert.match(await section.locator('[data-learn="status"]').textContent(), /^Paused while the section is out of view/);
  const away = Number(await data(page, 'step'));
  await section.scrollIntoViewIfNeeded();
  await phase(page, 'running');
  await untilStep(page, away + 5);
  // The speed changes while it runs: at full speed it soon passes a step slow motion would take long to reach.
  await section.locator('select[name="speed"]').selectOption('0');
  await untilStep(page, away + 200);
  await section.locator('[data-action="pause"]').click();
  await phase(page, 'paused');
  // Paused by the learner: leaving and coming back does not start it again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  assert.equal(await data(page, 'phase'), 'paused');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('learn: the ablation study is computed at the step shown, single heads and pairs, and the readout compares at the same step', async () => {
  const { page, section, errors } = await openLearn('?learn.until=100&learn.speed=0');
  await section.locator('[data-action="start"]').click();
  await phase(page, 'paused');
  const table = section.locator('[data-learn="study"]');
  await page.waitForFunction(() => document.querySelector('[data-learn="study"]').dataset.step === document.getElementById('learn').dataset.step);
  assert.equal(await table.locator('tr').count(), 1 + 1 + 4 + 6, 'a header, every head in use, 4 heads alone, 6 pairs');
  assert.equal(await table.locator('tr').nth(1).locator('th').textContent(), 'none (every head in use)');
  assert.equal(await table.locator('tr').nth(2).locator('th').textContent(), 'L1 H1');
  assert.equal(await table.locator('tr').last().locator('th').textContent(), 'L2 H1 and L2 H2');
  assert.match(await section.locator('[data-learn="study-summary"]').textContent(), /back each other up|No two heads back each other up at step 100/);
  // Switch a head off: the readout's baseline is the loss with every head in use at this same step.
  await section.locator('[data-learn="ablation"] input').nth(2).uncheck();
  await page.waitForFunction(() => /with every head in use, at the same step/.test(document.querySelector('[data-learn="ablation-readout"]').textContent));
  const readout = section.locator('[data-learn="ablation-readout"]');
  const base = Number(await readout.getAttribute('data-loss-baseline'));
  const row = Number(await table.locator('tr').nth(1).locator('td').first().textContent());
  assert.ok(Math.abs(base - row) < 0.0005, `the baseline ${base} is the table's every-head loss ${row}`);
  const alone = Number(await table.locator('tr').nth(4).locator('td').first().textContent());
  assert.ok(Math.abs(Number(await readout.getAttribute('data-loss-repeat')) - alone) < 0.0005, 'switching L2 H1 off gives the table\'s loss for it');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('learn: a new run keeps the previous run\'s repeat curve, faint; the reverse task speaks of its own parts', async () => {
  const { page, section, errors } = await openLearn('?learn.until=50&learn.speed=0');
  await section.locator('[data-action="start"]').click();
  await phase(page, 'paused');
  await section.locator('select[name="task"]').selectOption('reverse');
  await phase(page, 'idle');
  await drawn(page);
  const chart = section.locator('[data-chart="learn-loss"]');
  assert.equal(await chart.locator('.series.series-previous path').count(), 1, 'the previous run is drawn');
  assert.equal(await chart.locator('.legend .series-previous').textContent(), 'repeat, previous run');
  const progress = await section.locator('[data-learn="progress"]').textContent();
  assert.match(progress, /segment [\d.]+, reversed copy [\d.]+/);
  assert.doesNotMatch(progress, /induction/);
  assert.deepEqual(await chart.locator('.legend li').allTextContents(), ['all predicted tokens', 'segment', 'reversed copy', 'repeat, previous run']);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('learn: Reset clears the message of a run the learning rate stopped, and starts a new run', async () => {
  const { page, section, errors } = await openLearn('?learn.learningRate=10&learn.speed=0');
  await section.locator('[data-action="start"]').click();
  await phase(page, 'stopped');
  const runError = section.locator('[data-error-for="run"]');
  assert.match(await runError.textContent(), /too high/);
  await section.locator('.section-tools button', { hasText: 'Reset' }).click();
  await phase(page, 'idle');
  assert.equal(await runError.isHidden(), true, 'no stale message');
  assert.equal(await section.locator('input[name="learningRate"]').inputValue(), '0.003');
  assert.deepEqual(errors, []);
  await page.context().close();
});
