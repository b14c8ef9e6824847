// Section 18 (sliding windows and attention sinks) in a real Chromium, over http and from file://:
// the receptive field, bad input beside its control, and the trained model under a window.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openBrowser, showSection, setValue, drawnCells } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const heldOut = await readFile(new URL('../../site/model/austen-heldout.txt', import.meta.url), 'utf8');

for (const mode of ['http', 'file']) {
  test(`windows (${mode}): the receptive field grows by w - 1 per layer, sinks add the first positions, bad input`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'windows');
    const readout = section.locator('[data-reach-readout]');
    const reached = async () => {
      const cells = await drawnCells(section.locator('[data-chart="reach"]'));
      const fills = cells.fills;
      // The last row's cells: those of the chart's darkest colour are the reached positions.
      const last = fills.slice((cells.rows - 1) * cells.cols);
      return last.map((f) => f === last[last.length - 1]);
    };
    // Defaults: w = 8, L = 4 -> 4 * 7 + 1 = 29 positions.
    assert.match(await readout.textContent(), /After 4 layers of a window of 8, 29 of the 64 positions reach position 63; the farthest is 28 back\./);
    let row = await reached();
    assert.equal(row.filter(Boolean).length, 29);
    assert.ok(row.slice(64 - 29).every(Boolean));
    await setValue(section.locator('input[name="layers"]'), 12);
    assert.match(await readout.textContent(), /After 12 layers of a window of 8, 64 of the 64/);
    await setValue(section.locator('input[name="window"]'), 32);
    assert.match(await readout.textContent(), /64 of the 64 positions/, 'the whole context once L (w - 1) + 1 >= 64');
    await setValue(section.locator('input[name="window"]'), 4);
    await setValue(section.locator('input[name="layers"]'), 1);
    await setValue(section.locator('input[name="sinks"]'), 2);
    assert.match(await readout.textContent(), /After 1 layer of a window of 4 with 2 sinks, 6 of the 64 positions reach position 63; the farthest is 63 back\./);

    // k > w: the core's message beside the sinks control; the figure keeps its last state.
    await setValue(section.locator('input[name="sinks"]'), 6);
    const sinksError = section.locator('[data-error-for="sinks"]');
    assert.equal(await sinksError.isVisible(), true);
    assert.match(await sinksError.textContent(), /Sink positions k must be from 0 to the window \(4\); got 6/);
    await setValue(section.locator('input[name="sinks"]'), 0);
    assert.equal(await sinksError.isVisible(), false);
    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}

// m.run(text, { mask }) comes with the model's masked run (core/model, its binding and facade);
// a build without it says so beside the passage instead of drawing the full loss for every window.
test('windows: the trained model on held-out text, full, windowed and with sinks', async () => {
  const { page, errors, outside } = await browser.open('http');
  const section = await showSection(page, 'windows');
  for (const k of [1, 2, 3, 4]) {
    const passage = await section.locator(`[data-passage="${k}"]`).textContent();
    assert.equal(passage.length, 128);
    assert.ok(heldOut.includes(passage), `passage ${k} is held-out text`);
  }
  await section.locator('[data-action="load-model"]').click();
  await section.locator('[data-windows-figure]').waitFor({ state: 'visible', timeout: 60000 });
  const readout = section.locator('[data-loss-readout]');
  // A choice draws the full run at once and its windows' losses over the next frames (readout: data-state).
  const complete = () => document.querySelector('#windows [data-loss-readout]').dataset.state === 'ready';
  await page.waitForFunction(complete);
  const text = await readout.textContent();
  const lossesIn = (t) => {
    const numbers = t.match(/Full causal attention: ([\d.]+) nats per character\. Window of 8: ([\d.]+), with (\d) sinks ([\d.]+); window of 64: ([\d.]+), with sinks ([\d.]+)\./);
    assert.ok(numbers, t);
    return numbers.slice(1).map(Number);
  };
  const [full, w8, sinks, w8s, w64, w64s] = lossesIn(text);
  assert.equal(sinks, 4);
  for (const x of [full, w8, w8s, w64, w64s]) assert.ok(x > 0 && x < Math.log(81), `${x} nats is a loss over 81 symbols`);
  console.log(`windows: passage 1, full ${full}, w8 ${w8}, w8+4 ${w8s}, w64 ${w64}, w64+4 ${w64s}`);
  assert.equal(await section.locator('[data-chart="window-loss"] g.series').count(), 2);
  assert.equal(await section.locator('[data-chart="first-weight"] g.bar').count(), 12);
  assert.match(await section.locator('[data-windows-figure] [data-model-badge]').textContent(), /^Trained model: 3 layers × 4 heads/);
  await section.locator('select[name="passage"]').selectOption('3');
  await page.waitForFunction((t) => {
    const el = document.querySelector('#windows [data-loss-readout]');
    return el.dataset.state === 'ready' && el.textContent !== t;
  }, text);
  assert.equal(await section.locator('[data-passage="3"]').isVisible(), true);
  assert.equal(await section.locator('[data-passage="1"]').isVisible(), false);
  // Runs are kept by passage, window and sinks (and run ahead while the page is idle): another
  // number of sinks changes only the runs with sinks, and choosing again draws the same numbers.
  const third = lossesIn(await readout.textContent());
  assert.notEqual(third[0], full, 'another passage, another loss');
  await section.locator('select[name="modelSinks"]').selectOption('1');
  await page.waitForFunction(() => /with 1 sinks/.test(document.querySelector('#windows [data-loss-readout]').textContent));
  const one = lossesIn(await readout.textContent());
  assert.deepEqual([one[0], one[1], one[4]], [third[0], third[1], third[4]], 'full and windowed runs do not depend on the sinks');
  assert.notEqual(one[3], third[3], 'one sink is not four');
  await section.locator('select[name="passage"]').selectOption('1');
  await page.waitForFunction(() => document.querySelector('#windows [data-passage="1"]').checkVisibility());
  await section.locator('select[name="modelSinks"]').selectOption('4');
  await page.waitForFunction(() => /with 4 sinks/.test(document.querySelector('#windows [data-loss-readout]').textContent));
  assert.deepEqual(lossesIn(await readout.textContent()), [full, w8, sinks, w8s, w64, w64s]);
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});
