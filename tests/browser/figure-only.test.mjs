// Figure-only embeds (embed.html?section=..&figure=..), as a slide would use
// them: nothing of the section but the chosen figure shows (a block formula
// of another figure neither), and a trained view's figure opens on the
// trained view without <section>.view=trained in the address.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const shown = (page, selector) => page.locator(selector).evaluateAll((all) => all.filter((el) => el.getClientRects().length > 0).length);

test('section 12, figure flow-matrix: the figure alone, no formula of the rollout below it', async () => {
  const { page, errors } = await browser.open('http', { path: 'embed.html?section=flow&figure=flow-matrix' });
  await page.locator('#flow[data-state="ready"]').waitFor();
  assert.ok(await page.locator('main math[display="block"]').count() > 0, 'the section has block formulas');
  assert.equal(await shown(page, 'main math[display="block"]'), 0);
  assert.equal(await shown(page, 'main figure'), 1);
  assert.equal(await shown(page, '[data-chart="flow-matrix"] svg'), 1);
  assert.deepEqual(errors, []);
});

test('a trained figure alone opens the trained view by itself, and draws', async () => {
  const { page, errors } = await browser.open('http', { path: 'embed.html?section=flow&figure=trained-arrows' });
  await page.waitForFunction(() => document.querySelector('#flow [data-trained]')?.dataset.state === 'ready');
  assert.equal(await shown(page, 'main figure'), 1);
  assert.ok(await shown(page, '[data-chart="trained-arrows"] svg path.arrow') > 0, 'its arrows are drawn');
  assert.match(await page.locator('main figure:visible .provenance').textContent(), /^Trained model/);
  assert.deepEqual(errors, []);
});

test('slide mode: the figure alone in large type, inside a 16:9 window; &controls=1 keeps its controls', async () => {
  const { page, errors } = await browser.open('http', { path: 'embed.html?section=flow&figure=flow-matrix&slide=1', width: 1280, height: 720 });
  await page.locator('#flow[data-state="ready"]').waitFor();
  for (const hidden of ['main h2', '.embed-credit', '.figure-tools', '.numbers', '.readout', '.controls']) {
    assert.equal(await shown(page, hidden), 0, `${hidden} is not on the slide`);
  }
  assert.equal(await shown(page, 'figure .provenance'), 1, 'the figure still says what it is');
  const box = await page.locator('main figure[data-only-figure]').boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 720 && box.x >= 0 && box.x + box.width <= 1280, `the figure fits the slide: ${JSON.stringify(box)}`);
  const size = (p) => p.locator('[data-chart="flow-matrix"] g.cell text').first().evaluate((t) => t.getBoundingClientRect().height);
  const plain = await browser.open('http', { path: 'embed.html?section=flow&figure=flow-matrix', width: 1280, height: 720 });
  await plain.page.locator('#flow[data-state="ready"]').waitFor();
  assert.ok(await size(page) > 1.3 * (await size(plain.page)), 'larger type than the plain figure-only embed');

  const live = await browser.open('http', { path: 'embed.html?section=flow&figure=flow-matrix&slide=1&controls=1', width: 1280, height: 720 });
  await live.page.locator('#flow[data-state="ready"]').waitFor();
  assert.ok(await shown(live.page, '#flow .controls') >= 1, 'the section’s controls are on the slide');
  assert.deepEqual(errors, []);
});
