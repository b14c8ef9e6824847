// Section 10 (layers) in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, drawnCellsEach } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// Every panel's cells, SVG or canvas (6 x 81 cells are painted on canvas).
const fills = async (chart) => (await drawnCellsEach(chart)).flatMap((d) => d.fills);
const paths = (chart) => chart.locator('.series path').evaluateAll((els) => els.map((e) => e.getAttribute('d')));

for (const mode of ['http', 'file']) {
  test(`layers (${mode}): six panels and a stats chart, every control redraws, bad input is reported`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'layers');
    const grid = section.locator('[data-chart="layers"]');
    const stats = section.locator('[data-chart="stats"]');

    assert.equal(await grid.locator('.panel').count(), 6);
    assert.equal((await fills(grid)).length, 6 * 81, '9 words -> 81 cells per layer');
    assert.match(await grid.locator('.panel-title').first().textContent(), /^Layer 1 · self$/);
    assert.match(await grid.locator('.panel-note').nth(3).textContent(), /^distance \d+\.\d\d words · entropy \d+\.\d\d nats$/);
    assert.equal(await stats.locator('.series').count(), 2);
    assert.equal(await stats.locator('.series circle').count(), 12);
    const lines = await stats.locator('.series').evaluateAll((gs) => gs.map((g) => ({
      d: g.querySelector('path').getAttribute('d'),
      points: [...g.querySelectorAll('circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]),
    })));
    for (const { d, points } of lines) {
      assert.match(d, /^M[^ML]+(L[^ML]+){5}$/, 'one straight segment from each layer to the next');
      const vertices = d.slice(1).split('L').map((p) => p.split(',').map(Number));
      vertices.forEach(([x, y], i) => assert.ok(Math.abs(x - points[i][0]) < 1e-9 && Math.abs(y - points[i][1]) < 1e-9,
        `vertex ${i} of the line is its marker`));
    }
    assert.deepEqual(await stats.locator('.axis.x .tick text').allTextContents(), ['1', '2', '3', '4', '5', '6']);
    assert.ok((await stats.locator('.refs text').allTextContents()).includes(`ln n = ${Math.log(9).toFixed(2)}`));

    const noise = section.locator('input[name="noise"]');
    let beforeFills = await fills(grid);
    let beforePaths = await paths(stats);
    await noise.fill('2');
    assert.equal(await section.locator('[data-value-for="noise"]').textContent(), '2');
    assert.notDeepEqual(await fills(grid), beforeFills, 'noise redraws the layers');
    assert.notDeepEqual(await paths(stats), beforePaths, 'noise redraws the statistics');

    beforeFills = await fills(grid);
    beforePaths = await paths(stats);
    await section.locator('input[name="seed"]').fill('7');
    assert.notDeepEqual(await fills(grid), beforeFills, 'seed redraws the layers');
    assert.notDeepEqual(await paths(stats), beforePaths, 'seed redraws the statistics');
    beforeFills = await fills(grid);
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual(await fills(grid), beforeFills, 'New noise draws another seed');

    const sentence = section.locator('input[name="sentence"]');
    await sentence.fill('one two three');
    await page.waitForFunction(() => document.querySelectorAll('#layers [data-chart="layers"] g.cell').length === 54);
    assert.deepEqual(await grid.locator('.panel').first().locator('.row-labels text').allTextContents(), ['one', 'two', 'three']);

    // 64 words at the default noise and seed: layer 3 stays local, nearer than layer 5 and more
    // focused than layer 2.
    await noise.fill('0.5');
    await section.locator('input[name="seed"]').fill('1');
    const notes = () => grid.locator('.panel-note').allTextContents();
    const shortNotes = await notes();
    await sentence.fill(Array.from({ length: 64 }, (_, i) => `w${i}`).join(' '));
    await page.waitForFunction((old) => {
      const now = Array.from(document.querySelectorAll('#layers [data-chart="layers"] .panel-note'), (e) => e.textContent);
      return now.join() !== old.join();
    }, shortNotes);
    const distance = (note) => Number(note.match(/\d+\.\d\d/g)[0]);
    const entropy = (note) => Number(note.match(/\d+\.\d\d/g)[1]);
    const long = await notes();
    assert.ok(distance(long[2]) < 1.5, `layer 3 distance ${long[2]}`);
    assert.ok(distance(long[2]) < distance(long[4]), `layer 3 vs layer 5: ${long[2]} / ${long[4]}`);
    assert.ok(entropy(long[2]) < entropy(long[1]), `layer 3 vs layer 2: ${long[2]} / ${long[1]}`);

    // Bad input: a message beside the control, the last figure stays.
    await sentence.fill('one two three');
    await page.waitForFunction(() => document.querySelectorAll('#layers [data-chart="layers"] g.cell').length === 54);
    await sentence.fill('   ');
    const sentenceError = section.locator('[data-error-for="sentence"]');
    assert.equal(await sentenceError.isVisible(), true);
    assert.match(await sentenceError.textContent(), /empty/);
    assert.equal(await grid.locator('g.cell').count(), 54);
    await sentence.fill('w '.repeat(65));
    assert.match(await sentenceError.textContent(), /65 words; the limit is 64/);
    await sentence.fill('one two three four');
    assert.equal(await sentenceError.isVisible(), false);
    await section.locator('input[name="seed"]').fill('-1');
    assert.match(await section.locator('[data-error-for="seed"]').textContent(), /Seed must be a whole number from 0 to 4,294,967,295\./);
    assert.equal(await grid.locator('g.cell').count(), 6 * 16);

    // Linked hover: pointing at a cell in one layer highlights it in all six.
    await grid.locator('.panel').nth(2).locator('g.cell').nth(5).hover({ force: true });
    assert.equal(await grid.locator('.focus[visibility="visible"]').count(), 6);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
