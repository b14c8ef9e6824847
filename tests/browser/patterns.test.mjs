// Section 2 in a real Chromium, over http and from file://: seven pattern
// panels with live counts of computed scores, every control redraws, linked
// hover, and a bad globals value reported beside its slider.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue, drawnCells, hoverCell } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const band = (m, h) => (m <= h ? m * m : m * m - (m - h - 1) * (m - h)); // entries with |i - j| <= h
// Expected counts in panel order, from the closed forms (n, window w, stride s, globals g).
function expectedCounts(n, w, s, g) {
  let relative = 0;
  for (let i = 0; i < n; i++) relative += Math.min(i + 1, s) + Math.floor(i / s);
  const h = Math.floor(w / 2);
  return [n * n, n * n, (n * (n + 1)) / 2, band(n, h), n * Math.ceil(n / s), relative,
    n * n - (n - g) ** 2 + band(n - g, h)];
}

const cellCount = async (panel) => (await drawnCells(panel)).fills.length;

async function counts(section) {
  const notes = await section.locator('.panel-note').allTextContents();
  return notes.map((text) => {
    const m = text.match(/(\d+) of (\d+) scores \((\d+)%\)/);
    assert.ok(m, `a count in "${text}"`);
    assert.equal(Number(m[3]), Math.round((100 * Number(m[1])) / Number(m[2])), text);
    return [Number(m[1]), Number(m[2])];
  });
}

async function setRange(section, name, value) {
  await setValue(section.locator(`input[name="${name}"]`), String(value));
}

for (const mode of ['http', 'file']) {
  test(`patterns (${mode}): seven panels of n x n cells whose counts follow every control`, async () => {
    const { page, errors, outside } = await browser.open(mode);
    const section = await showSection(page, 'patterns');
    const panels = section.locator('[data-chart="patterns"] .panel');

    assert.equal(await panels.count(), 7);
    assert.deepEqual(await section.locator('[data-chart="patterns"] .panel-title').allTextContents(),
      ['Uniform', 'Self-focus', 'Causal', 'Local window', 'Strided (simplest form)', 'Strided, relative', 'Global + local']);
    for (let k = 0; k < 7; k++) assert.equal(await cellCount(panels.nth(k)), 100);
    assert.deepEqual(await counts(section.locator('[data-chart="patterns"]')), expectedCounts(10, 3, 2, 1).map((c) => [c, 100]));
    assert.match(await panels.nth(2).locator('.panel-note').textContent(), /Decoder LMs such as GPT/);
    // Skipped scores are hatched: the causal panel has 45 of them.
    assert.equal((await drawnCells(panels.nth(2))).blocked.filter(Boolean).length, 45);

    await setRange(section, 'n', 16);
    assert.equal(await section.locator('[data-value-for="n"]').textContent(), '16');
    for (let k = 0; k < 7; k++) assert.equal(await cellCount(panels.nth(k)), 256);
    assert.deepEqual(await counts(section.locator('[data-chart="patterns"]')), expectedCounts(16, 3, 2, 1).map((c) => [c, 256]));
    await setRange(section, 'window', 5);
    assert.deepEqual(await counts(section.locator('[data-chart="patterns"]')), expectedCounts(16, 5, 2, 1).map((c) => [c, 256]));
    await setRange(section, 'stride', 4);
    assert.deepEqual(await counts(section.locator('[data-chart="patterns"]')), expectedCounts(16, 5, 4, 1).map((c) => [c, 256]));
    await setRange(section, 'globals', 3);
    assert.deepEqual(await counts(section.locator('[data-chart="patterns"]')), expectedCounts(16, 5, 4, 3).map((c) => [c, 256]));

    // Linked hover: one cell in the causal panel outlines (row 3, key 1) in all seven.
    await hoverCell(panels.nth(2), 3, 1);
    assert.equal(await section.locator('[data-chart="patterns"] g.focus[visibility="visible"]').count(), 7);
    const readouts = await section.locator('[data-chart="patterns"] .readout').allTextContents();
    assert.equal(readouts.length, 7);
    for (const r of readouts) assert.match(r, /^3 → 1: ([\d.]+|blocked)$/);
    assert.match(readouts[0], /: 0\.063$/);     // uniform: 1/16
    assert.match(readouts[4], /blocked/);       // strided by 4: key 1 is skipped

    // Bad input: more global tokens than tokens. The message sits by its slider, the figure stays.
    await setRange(section, 'n', 4);
    await setRange(section, 'globals', 6);
    const globalsError = section.locator('[data-error-for="globals"]');
    assert.match(await globalsError.textContent(), /^Global tokens g must be a whole number from 0 to 4; got 6\.$/);
    assert.equal(await globalsError.isVisible(), true);
    assert.equal(await section.locator('input[name="globals"]').getAttribute('aria-invalid'), 'true');
    assert.equal(await cellCount(panels.nth(0)), 16, 'the last good figure stays');
    await setRange(section, 'globals', 2);
    assert.equal(await globalsError.isVisible(), false);
    assert.deepEqual(await counts(section.locator('[data-chart="patterns"]')), expectedCounts(4, 5, 4, 2).map((c) => [c, 16]));

    // Long sequences switch to canvas heatmaps and still count.
    await setRange(section, 'n', 64);
    assert.equal(await section.locator('[data-chart="patterns"] canvas.heatmap-canvas.active').count(), 7);
    assert.deepEqual(await counts(section.locator('[data-chart="patterns"]')), expectedCounts(64, 5, 4, 2).map((c) => [c, 4096]));

    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}
