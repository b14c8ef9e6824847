// Section 14 in a real Chromium, over http and from file://: every figure draws,
// every control redraws what it should, bad input gets a message beside its control.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue, showNumbers, drawnCells } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const paths = (chart) => chart.locator('.series path').evaluateAll((els) => els.map((e) => e.getAttribute('d')));
const points = (chart) => chart.locator('g.point').evaluateAll((els) => els.map((e) => e.getAttribute('transform')));
// The largest (max - min) along a diagonal of the n x n values, as drawn.
function diagonalSpread(values) {
  const n = Math.round(Math.sqrt(values.length));
  let worst = 0;
  for (let c = -(n - 1); c < n; c++) {
    const diag = [];
    for (let m = Math.max(0, c); m < n && m - c < n; m++) diag.push(values[m * n + m - c]);
    worst = Math.max(worst, Math.max(...diag) - Math.min(...diag));
  }
  return worst;
}

for (const mode of ['http', 'file']) {
  test(`rope (${mode}): the four figures draw and each control redraws them`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'rope');
    const pairs = section.locator('[data-chart="pairs"]');
    const scores = section.locator('[data-chart="scores"]');
    const decay = section.locator('[data-chart="decay"]');
    const by = (kind) => section.locator(`[data-chart="by-${kind}"]`);
    const spread = section.locator('[data-rope="spread"]');
    // The scores are painted on canvas: their numbers come from the figure's "Show numbers" table.
    const scoresFigure = section.locator('figure').filter({ has: page.locator('[data-chart="scores"]') });
    // (d3 writes negative numbers with a minus sign, U+2212.)
    const cellValues = async () => (await showNumbers(scoresFigure)).first().locator('tbody td')
      .evaluateAll((cells) => cells.map((td) => Number(td.textContent.replace('\u2212', '-'))));

    assert.equal(await pairs.locator('g.point').count(), 32, '16 positions of q and of k');
    const values = await cellValues();
    assert.equal(values.length, 256);
    assert.equal((await drawnCells(scores)).canvas, true, 'the 256 numbers are painted, not 256 SVG cells');
    assert.ok(diagonalSpread(values) < 1e-9, 'each diagonal has one value');
    assert.match(await spread.textContent(), /Largest spread along one diagonal .*: \d\.\de-1\d/);
    assert.equal((await paths(decay)).length, 1);
    for (const kind of ['sinusoidal', 'alibi', 'rope']) assert.equal((await paths(by(kind))).length, 1, kind);

    // The offset moves nothing but the sinusoidal curve (and the pairs' points and labels).
    const before = { values, sin: await paths(by('sinusoidal')), rope: await paths(by('rope')), alibi: await paths(by('alibi')), pts: await points(pairs) };
    await setValue(section.locator('input[name="offset"]'), '2000');
    const moved = await cellValues();
    assert.ok(moved.every((v, i) => Math.abs(v - before.values[i]) < 1e-9), 'scores unchanged by the offset');
    assert.notDeepEqual(await paths(by('sinusoidal')), before.sin);
    assert.deepEqual(await paths(by('alibi')), before.alibi);
    assert.notDeepEqual(await points(pairs), before.pts, 'the pair turns');
    assert.equal(await scores.locator('.row-labels text').first().textContent(), '2000');

    // d, pair, base, scale and the seed redraw.
    const decayAt64 = await paths(decay);
    await setValue(section.locator('input[name="d"]'), '8');
    assert.notDeepEqual(await paths(decay), decayAt64, 'd redraws the bound');
    assert.equal(await section.locator('input[name="pair"]').getAttribute('max'), '3', 'the pair slider ends at d/2 - 1');
    await setValue(section.locator('input[name="pair"]'), '3');
    await setValue(section.locator('input[name="d"]'), '4');
    assert.equal(await section.locator('[data-value-for="pair"]').textContent(), '1', 'the pair follows a smaller d');
    const atBase = await paths(decay);
    await setValue(section.locator('input[name="base"]'), '500000');
    assert.notDeepEqual(await paths(decay), atBase, 'base redraws the bound');
    await section.locator('button[data-base="10000"]').click();
    assert.equal(await section.locator('input[name="base"]').inputValue(), '10000');
    assert.deepEqual(await paths(decay), atBase);
    await setValue(section.locator('input[name="scale"]'), '4');
    assert.notDeepEqual(await paths(decay), atBase, 'interpolation stretches the bound');
    const atSeed = await cellValues();
    const atScale = await paths(decay);
    await setValue(section.locator('input[name="seed"]'), '7');
    assert.notDeepEqual(await cellValues(), atSeed, 'the seed changes the content');
    assert.deepEqual(await paths(decay), atScale, 'the bound stays: it depends on d, base and scale alone');
    const atSeed7 = await cellValues();
    await section.locator('[data-action="reseed"]').click();
    assert.notDeepEqual(await cellValues(), atSeed7, 'New content redraws');

    // Bad input: a message beside the control, the figures stay.
    const drawn = await cellValues();
    await setValue(section.locator('input[name="base"]'), '1');
    const baseError = section.locator('[data-error-for="base"]');
    assert.equal(await baseError.isVisible(), true);
    assert.match(await baseError.textContent(), /^Base must be a number from 100 to 1,000,000\.$/);
    await setValue(section.locator('input[name="seed"]'), '-3');
    assert.match(await section.locator('[data-error-for="seed"]').textContent(), /Content seed must be a whole number/);
    assert.deepEqual(await cellValues(), drawn, 'the last good figure stays');
    await setValue(section.locator('input[name="base"]'), '10000');
    await setValue(section.locator('input[name="seed"]'), '1');
    assert.equal(await baseError.isVisible(), false);

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
