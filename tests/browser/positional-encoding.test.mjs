// Section 4 in a real Chromium, over http and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

for (const mode of ['http', 'file']) {
  test(`positional-encoding (${mode}): four figures, every control redraws its own, bad lists explained, canvas at 512 x 512`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'positional-encoding');
    const chart = (name) => section.locator(`[data-chart="${name}"]`);
    const shape = (name) => chart(name).locator('svg.heatmap-svg').getAttribute('aria-label');
    const legend = (name) => chart(name).locator('.legend li').allTextContents();
    const paths = (name) => chart(name).locator('.series path').evaluateAll((ps) => ps.map((p) => p.getAttribute('d')));

    assert.match(await shape('encoding'), /50 by 128 cells/);
    assert.equal(await chart('encoding').locator('canvas.heatmap-canvas.active').count(), 1, '6400 cells -> canvas');
    assert.match(await shape('similarity'), /50 by 50 cells/);
    assert.deepEqual(await legend('dimensions'), ['dimension 0', 'dimension 1', 'dimension 16', 'dimension 48']);
    assert.deepEqual(await legend('rows'), ['similarity to position 0', 'similarity to position 10', 'similarity to position 25']);

    const length = section.locator('input[name="length"]');
    const dModel = section.locator('input[name="dModel"]');
    const dims = section.locator('input[name="dims"]');
    const positions = section.locator('input[name="positions"]');

    const dimPaths = await paths('dimensions');
    await setValue(length, '80');
    assert.match(await shape('encoding'), /80 by 128 cells/);
    assert.match(await shape('similarity'), /80 by 80 cells/);
    assert.notDeepEqual(await paths('dimensions'), dimPaths, 'length redraws the curves');

    const rowPaths = await paths('rows');
    await setValue(dModel, '64');
    assert.match(await shape('encoding'), /80 by 64 cells/);
    assert.notDeepEqual(await paths('rows'), rowPaths, 'd_model changes the similarity');

    await setValue(dims, '2, 3');
    assert.deepEqual(await legend('dimensions'), ['dimension 2', 'dimension 3']);
    await setValue(positions, '5 40');
    assert.deepEqual(await legend('rows'), ['similarity to position 5', 'similarity to position 40']);

    // Bad input: the message sits next to the control, the last good figure stays.
    const dimsError = section.locator('[data-error-for="dims"]');
    await setValue(dims, '0, 1, 600');
    assert.match(await dimsError.textContent(), /dimensions\[2\] is 600; expected 0 to 63 \(d = 64\)/);
    assert.equal(await dimsError.isVisible(), true);
    assert.equal(await dims.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await legend('dimensions'), ['dimension 2', 'dimension 3']);
    await setValue(dims, '0, 3');
    assert.equal(await dimsError.isVisible(), false);
    await setValue(dModel, '2');
    assert.match(await dimsError.textContent(), /dimensions\[1\] is 3; expected 0 to 1 \(d = 2\)/,
      'shrinking d_model below a chosen dimension is reported at the list');
    await setValue(dModel, '64');
    assert.equal(await dimsError.isVisible(), false);

    const positionsError = section.locator('[data-error-for="positions"]');
    await setValue(positions, '0, five');
    assert.match(await positionsError.textContent(), /“five” is not a whole number/);
    await setValue(positions, '');
    assert.match(await positionsError.textContent(), /at least one/);
    await setValue(positions, '0, 100');
    assert.match(await positionsError.textContent(), /positions\[1\] is 100; expected 0 to 79 \(n = 80\)/);
    assert.deepEqual(await legend('rows'), ['similarity to position 5', 'similarity to position 40']);
    await setValue(positions, '0, 10');
    assert.equal(await positionsError.isVisible(), false);

    // The largest case stays on canvas, bounded in height.
    await setValue(length, '512');
    await setValue(dModel, '512');
    for (const name of ['encoding', 'similarity']) {
      assert.match(await shape(name), /512 by 512 cells/);
      assert.equal(await chart(name).locator('canvas.heatmap-canvas.active').count(), 1, `${name} on canvas`);
      assert.equal(await chart(name).locator('g.cell').count(), 0);
      const box = await chart(name).locator('.heatmap-canvas-box').boundingBox(); // what shows of the canvas
      assert.ok(box.height > 100 && box.height <= 481, `${name} canvas height ${box.height}`);
    }

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
