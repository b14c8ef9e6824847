// Section 13 (learn) under faults a long lesson meets: the worker that trains
// dies (it reports an error, or falls silent), the learner presses Start /
// Pause / New run a hundred times, or switches the task in the middle of a run.
// In each the section keeps a consistent state, says what happened, and trains on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// Keeps every Worker the page makes, so a test can kill the trainer's.
function keepWorkers() {
  const Native = window.Worker;
  window.__workers = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      window.__workers.push(this);
    }
  };
}

async function openLearn() {
  const s = await browser.open('http', { initScript: keepWorkers });
  const section = s.page.locator('#learn');
  await section.scrollIntoViewIfNeeded();
  await phase(s.page, 'idle');
  return { ...s, section };
}

const data = (page, name) => page.evaluate((n) => document.getElementById('learn').dataset[n], name);
const phase = (page, want) => page.waitForFunction((w) => document.getElementById('learn').dataset.phase === w, want, { timeout: 60000 });
const untilStep = (page, k) => page.waitForFunction((s) => Number(document.getElementById('learn').dataset.step) >= s, k, { timeout: 120000, polling: 100 });
const lossOf = async (section) => Number((await section.locator('[data-learn="progress"]').textContent()).match(/loss ([\d.]+) nats/)[1]);

const DEATHS = [
  { how: 'reports an error', kill: () => window.__workers.forEach((w) => w.dispatchEvent(new ErrorEvent('error', { message: 'out of memory' }))), says: /it reported “out of memory”/ },
  { how: 'falls silent', kill: () => window.__workers.forEach((w) => w.terminate()), says: /it stopped answering/ },
];

for (const death of DEATHS) {
  test(`learn: a worker that ${death.how} mid-run is replaced by the page itself, which carries the run on from its last checkpoint and says so`, async () => {
    const { page, section, errors } = await openLearn();
    assert.equal(await data(page, 'mode'), 'worker');
    await section.locator('[data-action="start"]').click();
    await untilStep(page, 230);
    const died = Number(await data(page, 'step'));
    await page.evaluate(death.kill);

    await page.waitForFunction(() => document.getElementById('learn').dataset.mode === 'page', null, { timeout: 30000 });
    const line = await section.locator('[data-learn="mode"]').textContent();
    assert.match(line, death.says);
    const from = Number(line.match(/carrying the run on from step (\d+)\.$/)[1]);
    assert.ok(from % 100 === 0 && from > 0 && from <= died && from > died - 125, `checkpoint ${from}, worker died after step ${died}`);

    // The run goes on (it was running) past where the worker stopped, on the page, with a finite loss.
    await untilStep(page, died + 50);
    assert.equal(await data(page, 'phase'), 'running');
    assert.ok(Number.isFinite(await lossOf(section)));
    // The timeline kept the steps up to the checkpoint and goes on from there.
    const slider = section.locator('input[name="snapshot"]');
    assert.ok(Number(await slider.getAttribute('max')) >= from / 25);
    await section.locator('[data-action="pause"]').click();
    await phase(page, 'paused');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('learn: Start and Pause 100 times, with a New run every tenth time, leave the section consistent and still training', async () => {
  const { page, section, errors } = await openLearn();
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  let first = null;
  for (let i = 1; i <= 100; i++) {
    const before = Number(await data(page, 'step'));
    await section.locator('[data-action="start"]').click();
    assert.equal(await data(page, 'phase'), 'running');
    await section.locator('[data-action="pause"]').click();
    await phase(page, 'paused');
    assert.ok(Number(await data(page, 'step')) >= before, `press ${i}: the step never goes back within a run`);
    if (i % 10 === 0) {
      await section.locator('[data-action="restart"]').click();
      await phase(page, 'idle');
      assert.equal(await data(page, 'step'), '0', `New run ${i / 10} starts at step 0`);
      assert.equal(await section.locator('input[name="snapshot"]').getAttribute('max'), '0');
      if (i === 10) first = await heap();
    }
  }
  assert.ok(await heap() <= first * 1.25, 'the JS heap after 100 presses stays near the one after 10');
  await section.locator('[data-action="start"]').click();
  await untilStep(page, 60);
  assert.ok(Number.isFinite(await lossOf(section)));
  assert.equal(await data(page, 'mode'), 'worker', 'no fallback was needed');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('learn: switching the task in the middle of a run starts a new run of the new task, which trains', async () => {
  const { page, section, errors } = await openLearn();
  await section.locator('[data-action="start"]').click();
  await untilStep(page, 75);
  await section.locator('select[name="task"]').selectOption('reverse');
  await phase(page, 'idle');
  assert.equal(await data(page, 'step'), '0');
  const loss0 = await lossOf(section);
  await page.waitForTimeout(500);
  assert.equal(await data(page, 'step'), '0', 'the old run stopped: nothing trains until Start');
  await section.locator('[data-action="start"]').click();
  await untilStep(page, 150);
  assert.ok(await lossOf(section) < loss0, 'the new task’s loss falls');
  // And back, while it runs.
  await section.locator('select[name="task"]').selectOption('induction');
  await phase(page, 'idle');
  assert.equal(await data(page, 'step'), '0');
  assert.deepEqual(errors, []);
  await page.context().close();
});
