// Every figure exports: its SVG parses and is self-contained, its PNG is twice
// its size, its CSV holds the core's own numbers with their labels, and its
// JSON the inputs that produced them. Downloads are caught by the browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, showAllSections, showNumbers, downloaded } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// A CSV line -> fields (quoted fields may hold commas and doubled quotes).
function fields(line) {
  const out = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (const m of line.matchAll(re)) {
    out.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (!m[2]) break;
  }
  return out;
}

for (const mode of ['http', 'file']) {
  test(`self-attention exports SVG, PNG at 2x, CSV with the core's numbers and JSON with the inputs (${mode})`, async () => {
    const { page, errors, outside } = await browser.open(mode, { path: 'index.html?self-attention.seed=7&self-attention.sentence=a%20b,c%20%3Dd' });
    const section = await showSection(page, 'self-attention');
    const figure = section.locator('figure').first();

    const svg = await downloaded(page, figure, 'SVG');
    assert.equal(svg.name, 'atlas-self-attention-weights.svg');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        error: doc.querySelector('parsererror')?.textContent || '',
        cells: doc.querySelectorAll('g.cell, g[data-value]').length,
        width: Number(doc.documentElement.getAttribute('width')),
        external: Array.from(doc.querySelectorAll('[href]')).map((n) => n.getAttribute('href')).filter((h) => !/^(#|data:)/.test(h)),
        styled: Array.from(doc.querySelectorAll('rect')).some((r) => /fill:rgb/.test(r.getAttribute('style') || '')),
        text: doc.documentElement.textContent,
      };
    }, svg.bytes.toString('utf8'));
    assert.equal(parsed.error, '');
    assert.equal(parsed.cells, 9, 'a 3 x 3 matrix');
    assert.deepEqual(parsed.external, [], 'nothing outside the file');
    assert.ok(parsed.styled, 'computed colours are inlined');
    assert.match(parsed.text, /Computed from random weights/);

    const png = await downloaded(page, figure, 'PNG');
    assert.equal(png.bytes.subarray(1, 4).toString(), 'PNG');
    assert.equal(png.bytes.readUInt32BE(16), 2 * parsed.width, 'twice the width of the SVG');

    const csv = (await downloaded(page, figure, 'CSV')).bytes.toString('utf8').trim().split('\r\n').map(fields);
    const expected = await page.evaluate(async () => {
      const core = await window.createAttentionCore();
      const words = core.tokenize('a b,c =d');
      const r = core.selfAttention(words, { dModel: 16, seed: 7 });
      return { words, weights: Array.from(r.weights.data) };
    });
    assert.deepEqual(csv[0], ['chart', 'panel', 'row_title', 'row_index', 'row', 'column_title', 'column_index', 'column', 'value', 'blocked', 'row_note']);
    assert.equal(csv.length, 1 + 9);
    assert.deepEqual(csv.slice(1).map((f) => Number(f[8])), expected.weights, 'the very numbers of the core');
    assert.deepEqual(csv.slice(1, 4).map((f) => f[7]), ['a', 'b,c', "'=d"], 'labels kept; a formula-like label is defused');

    const json = JSON.parse((await downloaded(page, figure, 'JSON')).bytes.toString('utf8'));
    assert.equal(json.inputs.seed, 7);
    assert.equal(json.inputs.sentence, 'a b,c =d');
    assert.equal(json.inputs.dModel, 16);
    assert.match(json.provenance, /random weights/);
    assert.deepEqual(json.charts[0].values, expected.weights);
    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}

test('every figure of every section has export tools and its CSV has one line per number drawn', async () => {
  const { page, errors } = await browser.open('http');
  const states = await showAllSections(page);
  assert.ok(Object.values(states).every((s) => s === 'ready'), JSON.stringify(states));
  // The strips are views of a figure, not figures; trained views stay hidden until switched on.
  const figures = page.locator('main > section figure:has([data-chart]):visible');
  const count = await figures.count();
  assert.ok(count >= 22, `${count} figures`);
  assert.equal(await page.locator('main > section figure:has([data-chart]):visible > .figure-tools').count(), count, 'tools under every figure');
  for (let k = 0; k < count; k++) {
    const figure = figures.nth(k);
    const csv = (await downloaded(page, figure, 'CSV')).bytes.toString('utf8').trim().split('\r\n');
    assert.ok(csv.length > 1, `figure ${k} has numbers`);
    const svg = await downloaded(page, figure, 'SVG');
    const error = await page.evaluate((t) => new DOMParser().parseFromString(t, 'image/svg+xml').querySelector('parsererror')?.textContent || '', svg.bytes.toString('utf8'));
    assert.equal(error, '', `figure ${k} (${svg.name}) parses`);
  }
  assert.deepEqual(errors, []);
});

test('"Show numbers" opens a table with headers that matches the heatmap', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'self-attention');
  const figure = section.locator('figure').first();
  const table = await showNumbers(figure);
  assert.equal(await table.locator('thead th[scope="col"]').count(), 1 + 6 + 1, 'corner, six keys, the note');
  assert.equal(await table.locator('tbody th[scope="row"]').count(), 6);
  const values = await figure.locator('g.cell').evaluateAll((cells) => cells.map((c) => Number(c.dataset.value).toFixed(2)));
  assert.deepEqual(await table.locator('tbody td:not(:last-child)').allTextContents(), values);
  await section.locator('input[name="sentence"]').fill('one two');
  await page.waitForFunction(() => document.querySelectorAll('#self-attention .numbers tbody tr').length === 2);
  assert.deepEqual(errors, []);
});
