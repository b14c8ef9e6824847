// Exported images as an instructor puts them on a slide: nothing in them is cut (the
// header wraps on a narrow figure, every legend key and label lies inside the image),
// the arrow key keeps its dashed swatch, one chart of a figure exports alone, the
// background is the page's, white or none (white and none in the light palette, and
// the page keeps its own), a PNG that takes a while says so while it is drawn, and a
// canvas figure that shrank shows and exports itself alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, downloaded, downloadBytes, setValue, drawnCells } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// Puts an exported SVG in the page at its own size and reports what is outside the image or
// outside a nested <svg> that clips it (a chart's own viewport), the header's lines and
// whether each fits, and the keys of the legend. Runs in the page.
function inspect(text) {
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0;';
  host.append(document.importNode(new DOMParser().parseFromString(text, 'image/svg+xml').documentElement, true));
  document.body.append(host);
  const svg = host.firstElementChild;
  const cut = [];
  for (const el of svg.querySelectorAll('text, line, rect, circle, path, image')) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    for (let box = el.parentElement?.closest('svg'); box; box = box.parentElement?.closest('svg')) {
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 1 || r.top < b.top - 1 || r.right > b.right + 1 || r.bottom > b.bottom + 1) {
        cut.push(`${el.tagName} "${el.textContent.slice(0, 30)}" ${r.left | 0},${r.top | 0}-${r.right | 0},${r.bottom | 0} outside ${b.left | 0},${b.top | 0}-${b.right | 0},${b.bottom | 0}`);
        break;
      }
    }
  }
  const width = Number(svg.getAttribute('width'));
  const header = svg.querySelector('.export-header');
  const out = {
    width,
    cut,
    header: [...header.querySelectorAll('tspan')].map((t) => ({ text: t.textContent, fits: t.getComputedTextLength() <= width + 0.5 })),
    headerFill: header.style.fill,
    background: svg.firstElementChild.tagName === 'rect' && svg.firstElementChild.getAttribute('width') === String(width)
      ? svg.firstElementChild.getAttribute('fill') : null,
    keys: [...svg.querySelectorAll(':scope > line')].map((l) => ({ dash: l.style.strokeDasharray, stroke: l.style.stroke })),
    arrows: svg.querySelectorAll('path[marker-end]').length, // an export keeps no classes
    cells: svg.querySelectorAll('g.cell, g[data-value], image').length,
  };
  host.remove();
  return out;
}

test('a narrow figure\'s exported header wraps whole and nothing in its SVG is cut (desktop and phone)', async () => {
  for (const width of [1280, 375]) {
    const { page, errors } = await browser.open('http', { width, height: 900 });
    const section = await showSection(page, 'distance');
    const figure = section.locator('figure').filter({ has: page.locator('[data-chart="decay-curves"]') });
    const svg = await downloaded(page, figure, 'SVG');
    const r = await page.evaluate(inspect, svg.bytes.toString('utf8'));
    const provenance = (await figure.locator('.provenance').textContent()).trim();
    const title = (await section.locator('h2').textContent()).trim();
    assert.equal(r.header.map((l) => l.text).join(' '), `Attention Atlas · ${title} · ${provenance}`, `${width} px: the whole header`);
    assert.ok(r.header.every((l) => l.fits), `${width} px: every header line fits the ${r.width} px image: ${JSON.stringify(r.header)}`);
    if (width === 375) assert.ok(r.header.length > 1, 'a phone-wide figure wraps its header');
    assert.deepEqual(r.cut, [], `${width} px: nothing outside the image or a chart's viewport`);
    assert.equal(r.keys.length, await figure.locator('.legend li').count(), 'one key per legend entry');
    await page.context().close();
    assert.deepEqual(errors, []);
  }
});

test('the flow figure exports its arrows alone, with the dashed key, and its PNG says it is being drawn', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'flow');
  const figure = section.locator('figure').first();
  const part = figure.locator('.figure-tools select').first();
  assert.deepEqual(await part.locator('option').allTextContents(), ['whole figure', 'flow matrix alone', 'flow arrows alone']);

  const whole = await page.evaluate(inspect, (await downloaded(page, figure, 'SVG')).bytes.toString('utf8'));
  assert.ok(whole.cells > 0 && whole.arrows > 0, 'the whole figure: matrix and arrows');

  await part.selectOption('flow-arrows');
  const svg = await downloaded(page, figure, 'SVG');
  assert.equal(svg.name, 'atlas-flow-flow-arrows-alone.svg');
  const alone = await page.evaluate(inspect, svg.bytes.toString('utf8'));
  assert.equal(alone.cells, 0, 'no matrix');
  assert.equal(alone.arrows, await figure.locator('[data-chart="flow-arrows"] path.arrow').count(), 'every arrow drawn');
  assert.deepEqual(alone.cut, []);
  assert.equal(alone.keys.length, 2, 'the two keys of the arrow legend');
  assert.equal(alone.keys[0].dash, '', 'incoming: solid');
  assert.match(alone.keys[1].dash, /^[\d.]+(px)?,? [\d.]+/, 'outgoing: dashed');
  const json = JSON.parse((await downloaded(page, figure, 'JSON')).bytes.toString('utf8'));
  assert.deepEqual([json.figure, json.part, json.charts.map((c) => c.chart)], ['flow-matrix', 'flow-arrows', ['flow-arrows']]);

  // A PNG: the button says it is busy while it is drawn, then the file comes and the button is back.
  await part.selectOption('');
  await page.waitForTimeout(200);
  await page.evaluate(() => {
    const tools = document.querySelector('#flow figure .figure-tools');
    const png = [...tools.querySelectorAll('button')].find((b) => b.textContent === 'PNG');
    window.pngStates = [];
    new MutationObserver(() => window.pngStates.push({
      disabled: png.disabled, busy: png.getAttribute('aria-busy'), text: png.textContent, status: tools.querySelector('[role="status"]').textContent,
    })).observe(tools, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const [file] = await Promise.all([page.waitForEvent('download'), figure.locator('.figure-tools button', { hasText: 'PNG' }).click()]);
  assert.equal((await downloadBytes(file)).subarray(1, 4).toString(), 'PNG');
  await page.waitForFunction(() => window.pngStates.some((s) => s.text === 'PNG' && !s.disabled && s.status === ''));
  const states = await page.evaluate(() => window.pngStates);
  assert.ok(states.some((s) => s.disabled && s.busy === 'true' && s.text === 'PNG…' && s.status === 'Drawing the PNG…'), JSON.stringify(states));
  assert.deepEqual(errors, []);
});

test('white and transparent backgrounds are drawn in the light palette; the dark page keeps its own colours', async () => {
  const light = await browser.open('http', { path: 'index.html?theme=light' });
  await showSection(light.page, 'self-attention');
  const lightInk = await light.page.evaluate(() => getComputedStyle(document.querySelector('#self-attention figcaption')).color);
  await light.page.context().close();

  const { page, errors } = await browser.open('http', { path: 'index.html?theme=dark' });
  const section = await showSection(page, 'self-attention');
  const figure = section.locator('figure').first();
  const page0 = await page.evaluate(() => ({
    ink: getComputedStyle(document.querySelector('#self-attention figcaption')).color,
    bg: getComputedStyle(document.documentElement).backgroundColor,
  }));
  assert.notEqual(page0.ink, lightInk, 'the dark page writes in another colour');
  const fills = () => figure.locator('g.cell rect').evaluateAll((rects) => rects.map((r) => getComputedStyle(r).fill));
  const before = await fills();
  const background = figure.locator('.figure-tools select');

  const shown = await page.evaluate(inspect, (await downloaded(page, figure, 'SVG')).bytes.toString('utf8'));
  assert.deepEqual([shown.background, shown.headerFill], [page0.bg, page0.ink], 'as shown: the dark page\'s colours');

  await background.selectOption('white');
  const white = await page.evaluate(inspect, (await downloaded(page, figure, 'SVG')).bytes.toString('utf8'));
  assert.deepEqual([white.background, white.headerFill], ['#ffffff', lightInk], 'white, in the light palette');

  await background.selectOption('transparent');
  const clear = await page.evaluate(inspect, (await downloaded(page, figure, 'SVG')).bytes.toString('utf8'));
  assert.deepEqual([clear.background, clear.headerFill], [null, lightInk], 'no background, in the light palette');
  const png = (await downloaded(page, figure, 'PNG')).bytes;
  const corner = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.width, img.height];
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return ctx.getImageData(img.width - 1, img.height - 1, 1, 1).data[3];
  }, png.toString('base64'));
  assert.equal(corner, 0, 'the PNG\'s corner is transparent');

  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the page is dark again');
  assert.deepEqual(await fills(), before, 'and its cells have their dark colours');
  assert.deepEqual(errors, []);
});

// A heatmap's canvas only grows (charts/heatmap-canvas-cells.js): after n = 48, section 17's
// scores at n = 8 are the top-left corner of a larger canvas. The page shows that corner alone,
// through a box the grid's size, its cells are the new figure's, and the export takes that
// corner alone, at its own size.
test('a canvas figure that shrank shows and exports only itself', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'tiling');
  const chart = section.locator('[data-chart="scores"]');
  await setValue(section.locator('input[name="n"]'), 48);
  const large = await chart.locator('canvas.heatmap-canvas.active').evaluate((c) => [c.width, c.height]);
  await setValue(section.locator('input[name="n"]'), 8);
  const seen = await chart.evaluate((el) => {
    const canvas = el.querySelector('canvas.heatmap-canvas.active');
    const box = canvas.parentElement.getBoundingClientRect();
    return {
      canvas: [canvas.width, canvas.height], box: [box.width, box.height], ratio: devicePixelRatio,
      painted: [Number(canvas.dataset.paintedWidth), Number(canvas.dataset.paintedHeight)],
    };
  });
  assert.deepEqual(seen.canvas, large, 'the canvas kept its pixels');
  assert.ok(seen.painted[0] < large[0] && seen.painted[1] < large[1], `n = 8 paints less: ${seen.painted} of ${large}`);
  assert.deepEqual(seen.box.map((b) => b * seen.ratio), seen.painted, 'the box shows the painted corner alone');
  // The causal mask's upper triangle hatched (the page shows between the lines, where n = 48 had
  // painted cells), every other cell in a colour; as a page that never drew n = 48 draws them.
  const cells = await drawnCells(chart);
  assert.deepEqual([cells.rows, cells.cols], [8, 8]);
  assert.deepEqual(cells.blocked, Array.from({ length: 64 }, (_, k) => k % 8 > Math.floor(k / 8)));
  assert.ok(cells.fills.every((f, k) => cells.blocked[k] || f !== 'rgb(0,0,0)'), 'every allowed cell painted');

  const figure = section.locator('figure').filter({ has: page.locator('[data-chart="scores"]') });
  const text = (await downloaded(page, figure, 'SVG')).bytes.toString('utf8');
  const r = await page.evaluate(inspect, text);
  assert.deepEqual(r.cut, []);
  const images = await page.evaluate(async (svgText) => {
    const svg = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    return Promise.all([...svg.querySelectorAll('image')].map(async (el) => {
      const image = new Image();
      image.src = el.getAttribute('href');
      await image.decode();
      return { width: Number(el.getAttribute('width')), height: Number(el.getAttribute('height')), png: [image.naturalWidth, image.naturalHeight] };
    }));
  }, text);
  assert.equal(images.length, 2, 'the scores and the partial outputs');
  const scores = images.find((im) => im.width === seen.box[0]);
  assert.ok(scores, `an image as wide as the scores' box: ${JSON.stringify(images)}`);
  assert.deepEqual([scores.height, scores.png], [seen.box[1], seen.painted], 'its PNG is the painted corner, at its own size');
  for (const im of images) assert.deepEqual(im.png, [im.width, im.height].map((x) => x * seen.ratio), 'no image stretched');

  const fresh = await browser.open('http');
  const again = await showSection(fresh.page, 'tiling');
  await setValue(again.locator('input[name="n"]'), 8);
  assert.deepEqual(await drawnCells(again.locator('[data-chart="scores"]')), cells, 'the same cells without n = 48 before');
  assert.deepEqual([...errors, ...fresh.errors], []);
});

// A canvas that must grow after its first paint takes the largest grid its figure can draw at its
// width (heatmap.js: maxHeight, here 640 px): section 17's partial outputs, n moved up from 16 to
// 48 in steps of 2, resize their canvas once, not at every few n (a resize reallocates it and
// hands the compositor a new bitmap), and every n still draws all its cells.
test('a canvas figure that grows takes its room at once', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'tiling');
  const chart = section.locator('[data-chart="partial"]');
  const size = () => chart.locator('canvas.heatmap-canvas.active').evaluate((c) => `${c.width}x${c.height}`);
  const sizes = [await size()];
  for (let n = 18; n <= 48; n += 2) {
    await setValue(section.locator('input[name="n"]'), n);
    const now = await size();
    if (now !== sizes.at(-1)) sizes.push(now);
  }
  assert.ok(sizes.length <= 2, `at most one resize: ${sizes.join(' -> ')}`);
  const cells = await drawnCells(chart);
  assert.deepEqual([cells.rows, cells.cols], [48, 8]);
  assert.ok(cells.fills.every((f, k) => cells.blocked[k] || f !== 'rgb(0,0,0)'), 'every computed cell painted');
  assert.deepEqual(errors, []);
});
