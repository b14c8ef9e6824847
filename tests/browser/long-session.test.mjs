// A page left open for a whole lesson: 1,000 slider moves across every
// section keep the JS heap and the DOM bounded, and the page keeps drawing;
// a minute of live training (section 13) keeps the heap within its timeline's cap.
//
// Measured through Chromium's DevTools protocol after a forced garbage
// collection (HeapProfiler.collectGarbage): Runtime.getHeapUsage gives the
// JS heap in use; Memory.getDOMCounters the live DOM nodes and JS event
// listeners (a figure that rebuilt its DOM on each move without dropping the
// old one, or added a listener per redraw, grows these without bound).
// The baseline is taken after one warm-up move of every slider, so each
// figure has been drawn at least twice and lazily built parts exist; every
// measurement is taken with all sliders back on their defaults.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showAllSections } from './harness.mjs';

const MOVES = 1_000;
const CHECK_EVERY = 250;
// A bounded heap may still wobble with what the last figures happen to hold
// (strings, typed arrays of the newest matrices): allow 25 % over the baseline.
const SLACK = 1.25;

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// Moves sliders from..from+count-1 (round-robin over every range input of the
// page), each a few steps either side of its default value, as a learner
// dragging it back and forth would; with reset, every slider then goes back to its
// default, so measurements compare the page in one and the same state.
function moveSliders(page, from, count, reset = false) {
  return page.evaluate(async ({ from, count, reset }) => {
    const sliders = [...document.querySelectorAll('main section input[type="range"]')];
    const move = (el, offset) => {
      const [min, max, step] = [Number(el.min), Number(el.max), Number(el.step)];
      const home = Math.round((Number(el.defaultValue) - min) / step);
      const i = Math.min(Math.round((max - min) / step), Math.max(0, home + offset));
      el.value = String(min + i * step);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    for (let k = from; k < from + count; k++) {
      move(sliders[k % sliders.length], [1, -2, 3, -1, 2, -3][Math.floor(k / sliders.length) % 6]);
      if (k % 10 === 0) await new Promise((done) => setTimeout(done, 0)); // let the page breathe
    }
    if (reset) sliders.forEach((el) => move(el, 0));
    return sliders.length;
  }, { from, count, reset });
}

// This test found a leak: each heatmap panel that a heads slider removed stayed alive (~1,700 nodes a
// move of Distance's heads), held by its theme watcher and ResizeObserver until dispose() came.
test(`${MOVES} slider moves across every section keep the JS heap and the DOM bounded`, async () => {
  const { page, errors } = await browser.open('http');
  const states = await showAllSections(page);
  assert.ok(Object.values(states).every((s) => s === 'ready'), JSON.stringify(states));
  const cdp = await page.context().newCDPSession(page);
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
    return { heapBytes: usedSize, nodes, listeners: jsEventListeners };
  };

  const sliders = await moveSliders(page, 0, 0);
  assert.ok(sliders >= 10, `found ${sliders} sliders`);
  const sections = await page.$$eval('main section', (all) =>
    new Set(all.filter((s) => s.querySelector('input[type="range"]')).map((s) => s.id)).size);
  assert.ok(sections >= 8, `sliders in ${sections} sections`);

  await moveSliders(page, 0, sliders, true);
  const start = await measure();
  const checkpoints = [];
  for (let done = sliders; done < MOVES; done += CHECK_EVERY) {
    const count = Math.min(CHECK_EVERY, MOVES - done);
    await moveSliders(page, done, count, true);
    checkpoints.push({ after: done + count, ...(await measure()) });
  }
  const end = checkpoints.at(-1);
  console.log(`browser long session: ${MOVES} moves over ${sliders} sliders in ${sections} sections;`,
    `after warm-up ${JSON.stringify(start)}, then ${JSON.stringify(checkpoints)}`);
  assert.equal(end.after, MOVES);
  for (const c of checkpoints) {
    assert.ok(c.heapBytes <= start.heapBytes * SLACK, `JS heap ${c.heapBytes} B after ${c.after} moves; warm-up ${start.heapBytes} B`);
    assert.ok(c.nodes <= start.nodes * SLACK, `${c.nodes} DOM nodes after ${c.after} moves; warm-up ${start.nodes}`);
    assert.ok(c.listeners <= start.listeners * SLACK, `${c.listeners} listeners after ${c.after} moves; warm-up ${start.listeners}`);
  }
  assert.deepEqual(errors, []);
  assert.equal(await page.locator('[data-error-for]:not([hidden])').count(), 0, 'no slider value was refused');
});

// Section 13 left training for a minute: the page keeps at most 240 snapshots (learn-history.js),
// so its heap may grow by about 240 evaluations and no more. One evaluation's size is measured
// from the page's own core (the attention matrices are most of it); the bound allows twice that.
const TRAIN_MS = 60_000;
const CAP = 240;
test('60 s of live training keep the JS heap within the timeline’s cap', async () => {
  const { page, errors } = await browser.open('http');
  const section = page.locator('#learn');
  await section.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('learn').dataset.phase === 'idle', null, { timeout: 60000 });
  const evaluationBytes = await page.evaluate(async () => {
    const core = await window.createAttentionCore({ full: true }); // the page's first-paint core is lean
    const t = core.createTrainer({ task: 'induction', seed: 1 });
    const e = t.evaluate();
    t.dispose();
    return e.attention.flat().reduce((sum, m) => sum + m.data.byteLength, 0) + 64 * e.heads.length + 1024;
  });
  const cdp = await page.context().newCDPSession(page);
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const kept = Number(await section.locator('input[name="snapshot"]').getAttribute('max')) + 1;
    return { heapBytes: usedSize, kept, step: Number(await page.evaluate(() => document.getElementById('learn').dataset.step)) };
  };
  // Train for the whole minute, as fast as it can: no pause at a step, so the timeline fills and thins.
  await section.locator('input[name="until"]').fill('0');
  await section.locator('select[name="speed"]').selectOption('0');
  const start = await measure();
  await section.locator('[data-action="start"]').click();
  const checkpoints = [];
  for (let t = 15_000; t <= TRAIN_MS; t += 15_000) {
    await page.waitForTimeout(15_000);
    checkpoints.push(await measure());
  }
  await section.locator('[data-action="pause"]').click();
  const bound = start.heapBytes + 2 * CAP * evaluationBytes;
  console.log(`browser training session: ${TRAIN_MS / 1000} s, one evaluation ~${evaluationBytes} B, start ${JSON.stringify(start)},`,
    `then ${JSON.stringify(checkpoints)}; bound ${bound} B`);
  assert.ok(checkpoints.at(-1).step > checkpoints[0].step, 'it trained throughout');
  for (const c of checkpoints) {
    assert.ok(c.kept <= CAP, `${c.kept} snapshots kept`);
    assert.ok(c.heapBytes <= bound, `JS heap ${c.heapBytes} B at step ${c.step}; start ${start.heapBytes} B, bound ${bound} B`);
  }
  assert.deepEqual(errors, []);
});
