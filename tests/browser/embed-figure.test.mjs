// Figure-only embeds (embed.html?section=id&figure=name) draw one figure, with
// the settings the link carries; an unknown figure name says which exist.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, cellValues } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

for (const mode of ['http', 'file']) {
  test(`a figure-only embed draws one figure and nothing else of its section (${mode})`, async () => {
    const { page, errors, outside } = await browser.open(mode, { path: 'embed.html?section=positional-encoding&figure=similarity&positional-encoding.length=12&positional-encoding.positions=0%2C%205' });
    const section = await showSection(page, 'positional-encoding');
    const shown = await section.locator('figure').evaluateAll((all) => all.filter((f) => f.getClientRects().length > 0)
      .map((f) => f.querySelector('[data-chart]').dataset.chart));
    assert.deepEqual(shown, ['similarity']);
    assert.equal(await section.locator('.controls').isVisible(), false);
    assert.equal(await section.locator('.section-tools').isVisible(), false);
    assert.equal(await section.locator('p:not(figure p)').evaluateAll((all) => all.filter((p) => p.getClientRects().length > 0).length), 0, 'no prose');
    const chart = section.locator('[data-chart="similarity"]');
    assert.equal(await chart.locator('.row-labels text').count(), 12, 'the link\'s length is used');
    const expected = await page.evaluate(async () => {
      const core = await window.createAttentionCore();
      const d = Number(document.querySelector('#positional-encoding input[name="dModel"]').value);
      return Array.from(core.positionSimilarity(12, d, { dims: [0], positions: [0] }).similarity.data);
    });
    assert.deepEqual(await cellValues(chart), expected);
    const tools = await section.locator('figure .figure-tools').evaluateAll((all) => all.filter((t) => t.getClientRects().length > 0).length);
    assert.equal(tools, 1, 'the figure keeps its export tools');
    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}

test('a figure-only embed with an unknown figure lists the figures and shows the section', async () => {
  const { page, errors } = await browser.open('http', { path: 'embed.html?section=causal&figure=nope' });
  const section = await showSection(page, 'causal');
  assert.match(await section.locator('[role="alert"]').textContent(), /no figure “nope”; it has: mask\. Showing the whole section\./);
  assert.equal(await section.locator('.controls').isVisible(), true);
  assert.deepEqual(errors, []);
});
