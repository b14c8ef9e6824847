// How figures redraw while controls move (site/src/charts/width.js, heatmap.js,
// ui/figure-tools.js, ui/url-state.js): charts take their width from a
// ResizeObserver and follow a new width; a grid's new panel is as wide as the
// others; "Show numbers" built when opened holds the numbers drawn last; a tall
// heatmap labels only the rows it shows; the address gets a dragged slider's
// final value once it stops; figures of more than 400 cells are painted on canvas, blocked
// cells hatched there as in SVG; a grid panel whose data did not change is not rewritten.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue, drawnCells, drawnCellsEach, showNumbers } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const frame = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));

test('charts lay themselves out again at a new width: line charts and heatmaps fill their container', async () => {
  const { page, errors } = await browser.open('http', { width: 1280 });
  const section = await showSection(page, 'positional-encoding');
  const widths = () => section.evaluate((root) => ['dimensions', 'encoding'].map((name) => {
    const chart = root.querySelector(`[data-chart="${name}"]`);
    return { container: chart.clientWidth, svg: Number(chart.querySelector('svg').getAttribute('width')) };
  }));
  const wide = await widths();
  assert.equal(wide[0].svg, wide[0].container, 'the line chart is as wide as its container');
  // A chart redrawn inside the observer's callback changes its own height there, and the browser
  // reports that as an error event (WebKit, in a sandboxed frame, as an opaque "Script error.").
  await page.evaluate(() => {
    window.resizeLoops = 0;
    window.addEventListener('error', (e) => { if (/ResizeObserver loop/.test(e.message)) window.resizeLoops += 1; });
  });
  await page.setViewportSize({ width: 700, height: 900 });
  await page.waitForFunction(() => {
    const chart = document.querySelector('#positional-encoding [data-chart="dimensions"]');
    return Number(chart.querySelector('svg').getAttribute('width')) === chart.clientWidth;
  });
  const narrow = await widths();
  assert.ok(narrow[0].container < wide[0].container, 'the page is narrower');
  assert.ok(narrow[1].svg <= narrow[1].container, 'the heatmap fits its narrower container');
  assert.ok(narrow[1].svg < wide[1].svg, 'the heatmap shrank with it');
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.waitForFunction(() => {
    const chart = document.querySelector('#positional-encoding [data-chart="dimensions"]');
    return Number(chart.querySelector('svg').getAttribute('width')) === chart.clientWidth;
  });
  await frame(page);
  assert.equal(await page.evaluate(() => window.resizeLoops), 0, 'no "ResizeObserver loop" error events');
  assert.deepEqual(errors, []);
});

test('panels a slider adds to a grid are as wide as the panels already there', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'distance');
  const heads = section.locator('input[name="heads"]');
  const svgWidths = () => section.locator('[data-chart="alibi"] .panel svg.heatmap-svg')
    .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('width')));
  await setValue(heads, 1);
  const one = await svgWidths();
  await setValue(heads, 6);
  await frame(page);
  const six = await svgWidths();
  assert.equal(six.length, 6);
  assert.deepEqual(six, Array(6).fill(one[0]), 'every panel drawn at the first panel\'s width');
  assert.deepEqual(errors, []);
});

test('"Show numbers" opened after slider moves shows the numbers drawn last', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'patterns');
  const figure = section.locator('figure').first();
  assert.equal(await figure.locator('.numbers-body table').count(), 0, 'no tables are built while closed');
  for (const n of [12, 5, 7]) await setValue(section.locator('input[name="n"]'), n);
  assert.equal(await figure.locator('.numbers-body table').count(), 0, 'still none after the moves');
  const tables = await showNumbers(figure);
  assert.equal(await tables.count(), 7, 'one table per panel');
  assert.equal(await tables.first().locator('tbody tr').count(), 7, 'n = 7 rows, the last value');
  // The panels paint on canvas: their cells' blocked pattern is what the tables say, panel by panel.
  const drawn = await drawnCellsEach(section.locator('[data-chart="patterns"] .panel'));
  assert.equal(drawn.length, 7);
  const cells = await tables.locator('tbody td').allTextContents();
  assert.equal(cells.length, 7 * 49);
  assert.ok(cells.includes('blocked') && cells.includes('0.14'), 'skipped scores and the uniform 1/7 both appear');
  assert.deepEqual(cells.map((t) => t === 'blocked'), drawn.flatMap((d) => d.blocked), 'the tables hold what the panels draw, in order');
  // Self-focus (panel 2): the table's larger diagonal is where the panel's diagonal colour is.
  const selfFocus = cells.slice(49, 98).map(Number);
  const diagonal = (k) => Math.floor(k / 7) === k % 7;
  assert.ok(selfFocus.every((v, k) => (diagonal(k) ? v > selfFocus[1] : v === selfFocus[1])), 'larger on the diagonal');
  assert.ok(drawn[1].fills.every((f, k) => (diagonal(k) ? f === drawn[1].fills[0] : f === drawn[1].fills[1]) && f !== (diagonal(k) ? drawn[1].fills[1] : drawn[1].fills[0])));
  assert.deepEqual(errors, []);
});

test('a 512-row heatmap labels only the rows it shows, each with its own position', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'positional-encoding');
  await setValue(section.locator('input[name="length"]'), 512);
  const labels = await section.locator('[data-chart="similarity"] .row-labels text').allTextContents();
  assert.ok(labels.length > 10 && labels.length < 512, `${labels.length} labels, thinned`);
  const step = Number(labels[1]);
  assert.ok(step > 1);
  assert.match(String(step), /^[125]0*$/, 'a round step: 1, 2, 5, 10, 20, 50, ...');
  assert.deepEqual(labels, labels.map((_, k) => String(k * step)), 'every step-th position, in order');
  assert.equal(labels.length, Math.ceil(512 / step));
  assert.deepEqual(errors, []);
});

test('the address gets a dragged slider\'s final value once it stops', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'patterns');
  await section.locator('input[name="n"]').evaluate((el) => {
    for (const v of [11, 12, 13, 14, 15]) {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await page.waitForFunction(() => new URL(window.location.href).searchParams.get('patterns.n') === '15');
  assert.equal((await drawnCells(section.locator('.panel').first())).fills.length, 15 * 15, 'and the figure shows it');
  assert.deepEqual(errors, []);
});

// Layers: 6 panels of 9 x 9 cells (486, above the 400-cell SVG limit) are painted on canvas,
// numbers and all; 3 words (54 cells) are SVG again, at the same cell size.
test('a figure of more than 400 cells is painted on canvas with its numbers; a small one is SVG', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'layers');
  const grid = section.locator('[data-chart="layers"]');
  assert.equal(await grid.locator('canvas.heatmap-canvas.active').count(), 6);
  assert.equal(await grid.locator('g.cell').count(), 0, 'no SVG cells under the canvas');
  // Inside a cell, the number's glyphs are pixels of another colour than the cell's fill.
  const inked = await grid.locator('canvas.heatmap-canvas.active').first().evaluate((canvas) => {
    const side = Number(canvas.dataset.paintedWidth) / 9;
    const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const at = (x, y) => Array.from(px.slice(4 * (y * canvas.width + x), 4 * (y * canvas.width + x) + 3)).join();
    let cells = 0;
    for (let k = 0; k < 81; k++) {
      const [x0, y0] = [Math.floor((k % 9) * side), Math.floor(Math.floor(k / 9) * side)];
      const fill = at(x0 + 2, y0 + 2);
      const y = Math.floor(y0 + side / 2);
      let other = 0;
      for (let x = x0 + 2; x < x0 + side - 3; x++) if (at(x, y) !== fill) other++;
      if (other > 3) cells++;
    }
    return cells;
  });
  assert.equal(inked, 81, 'every cell of layer 1 has its number drawn');
  await setValue(section.locator('input[name="sentence"]'), 'one two three');
  assert.equal(await grid.locator('canvas.heatmap-canvas.active').count(), 0);
  assert.equal(await grid.locator('g.cell').count(), 54);
  assert.match(await grid.locator('g.cell text').first().textContent(), /^\d\.\d\d$/, 'numbers in SVG cells');
  assert.deepEqual(errors, []);
});

// Patterns: the global-token slider changes the "Global + local" panel alone. The grid
// hands all seven panels their data again; the six whose data did not change write
// nothing to the page (each write, even of the value already there, costs a layout).
test('a control that changes one panel of a grid rewrites that panel only', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'patterns');
  await section.evaluate((root) => {
    const panels = [...root.querySelectorAll('.panel')];
    window.touchedPanels = new Set();
    new MutationObserver((records) => records.forEach((r) => {
      window.touchedPanels.add(panels.findIndex((p) => p.contains(r.target)));
    })).observe(root.querySelector('[data-chart="patterns"]'), { subtree: true, attributes: true, childList: true, characterData: true });
  });
  const before = await drawnCells(section.locator('.panel').nth(6));
  await setValue(section.locator('input[name="globals"]'), 3);
  assert.deepEqual(await page.evaluate(() => [...window.touchedPanels]), [6]);
  assert.notDeepEqual((await drawnCells(section.locator('.panel').nth(6))).fills, before.fills, 'the changed panel is redrawn');
  assert.deepEqual(errors, []);
});

// Canvas cells hatch a blocked cell as the SVG pattern does: lines at 45 degrees in the
// hatch colour, 6 px apart (8.49 px along a row), continuous from one cell to the next,
// the page showing between them. The causal panel of patterns (7 x 100 cells: canvas).
test('blocked cells on canvas are hatched with continuous 45-degree lines 6 px apart', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'patterns');
  const causal = section.locator('.panel').nth(2);
  const seen = await causal.evaluate((panel) => {
    const canvas = panel.querySelector('canvas.heatmap-canvas.active');
    const stroke = getComputedStyle(panel.querySelector('.hatch-line')).stroke;
    const stride = canvas.width; // the figure is the top-left data-painted-width px of each line
    const width = Number(canvas.dataset.paintedWidth);
    const px = canvas.getContext('2d').getImageData(0, 0, stride, canvas.height).data;
    const starts = Array.from({ length: 11 }, (_, j) => Math.round((j * width) / 10));
    const alphaBySum = new Map(); // x + y -> alpha, over the inside of every blocked cell
    let [agree, disagree, opaque, clear, colourOk] = [0, 0, 0, 0, true];
    const runs = []; // where opaque runs start along one row through the blocked cells of row 0
    for (let i = 0; i < 10; i++) {
      for (let j = i + 1; j < 10; j++) { // causal: key j > query i is blocked
        for (let y = starts[i] + 1; y < starts[i + 1] - 2; y++) {
          for (let x = starts[j] + 1; x < starts[j + 1] - 2; x++) {
            const a = px[4 * (y * stride + x) + 3];
            if (a === 255) { opaque++; colourOk &&= `rgb(${px[4 * (y * stride + x)]}, ${px[4 * (y * stride + x) + 1]}, ${px[4 * (y * stride + x) + 2]})` === stroke; }
            if (a === 0) clear++;
            if (!alphaBySum.has(x + y)) alphaBySum.set(x + y, a);
            else if (alphaBySum.get(x + y) === a) agree++;
            else disagree++;
          }
        }
      }
    }
    const y = starts[0] + Math.floor((starts[1] - starts[0]) / 2);
    let previous = 0;
    for (let x = starts[1]; x < width; x++) {
      const a = px[4 * (y * stride + x) + 3];
      if (a === 255 && previous !== 255) runs.push(x);
      previous = a;
    }
    return { agree, disagree, opaque, clear, colourOk, runs };
  });
  assert.ok(seen.opaque > 0 && seen.clear > 0, 'lines, and the page between them');
  assert.ok(seen.colourOk, 'the lines are in the hatch colour of the SVG pattern');
  assert.equal(seen.disagree, 0, 'a pixel\'s cover depends on x + y alone: 45-degree lines, continuous across cells');
  assert.ok(seen.agree > 100);
  const gaps = seen.runs.slice(1).map((x, k) => x - seen.runs[k]).filter((d) => d < 12); // skip runs cut by a cell's gap
  assert.ok(gaps.length >= 5);
  for (const d of gaps) assert.ok(d === 8 || d === 9, `lines ${d} px apart along a row (6 * sqrt 2 = 8.49)`);
  assert.deepEqual(errors, []);
});
