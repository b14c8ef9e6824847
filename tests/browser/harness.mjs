// Shared setup for the Chromium tests: Debian's Chromium through
// playwright-core, dist/ served over http (tools/serve.mjs) or opened from
// file://, every request outside dist/ blocked and recorded, and console
// errors collected. Usage:
//   const b = await openBrowser();  const s = await b.open('file');  ...  await b.close();
//   s.page, s.errors (console errors + page errors), s.outside (blocked URLs),
//   await s.violations() (Content-Security-Policy violations seen by the page, all frames)
// Options of open(): path (default 'index.html', may carry ?query), dir (the
// folder to serve or open, default dist/), width, height, headers (http only),
// csp: true serves with STRICT_CSP as a Content-Security-Policy header; initScript:
// a function run in the page before its own scripts (to simulate a hostile browser); touch: true
// gives the page a touch screen (page.touchscreen.tap).
import { chromium } from 'playwright-core';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { startServer } from '../../tools/serve.mjs';

export const DIST = resolve(new URL('../../dist', import.meta.url).pathname);

// The policy a security-minded host would serve the folder build with.
export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + "img-src 'self' data: blob:; font-src 'self' data:; object-src 'none'";

// Runs in every frame before its scripts: keeps each securitypolicyviolation event.
function recordViolations() {
  window.__cspViolations = [];
  window.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
  });
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

// Resolves true when `promise` settles within `ms`, false if it is still pending then.
export const within = (promise, ms) => Promise.race([promise.then(() => true, () => true),
  new Promise((done) => setTimeout(() => done(false), ms).unref())]);

// Debian's Chromium behind a BrowserServer, so that a browser which does not exit when asked is
// killed: a test file whose Chromium hung on close kept its process alive, and the runner waited
// for it until CI's time ran out. -> { browser, close() }, close() within about 20 s in every case.
export async function launchChromium() {
  const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const browser = await chromium.connect(server.wsEndpoint());
  return {
    browser,
    async close() {
      await within(browser.close(), 10000);
      if (!await within(server.close(), 10000)) {
        console.warn('Chromium did not exit within 10 s of being asked to: killed');
        await server.kill();
      }
    },
  };
}

export async function openBrowser() {
  const { browser, close: closeBrowser } = await launchChromium();
  const servers = [];

  async function open(mode, { path = 'index.html', dir = DIST, width = 1280, height = 900, headers = {}, csp = false, initScript = null, touch = false } = {}) {
    let base;
    if (csp && mode !== 'http') throw new Error('open: csp needs mode http (a header)');
    if (mode === 'http') {
      const server = await startServer(dir, 0, csp ? { ...headers, 'Content-Security-Policy': STRICT_CSP } : headers);
      servers.push(server);
      base = `http://127.0.0.1:${server.address().port}/`;
    } else {
      base = `${pathToFileURL(dir).href}/`;
    }
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch });
    await context.addInitScript(recordViolations);
    if (initScript) await context.addInitScript(initScript); // runs before the page's own scripts
    const page = await context.newPage();
    const errors = [];
    const outside = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(base) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    await page.goto(base + path);
    const violations = async () => (await Promise.all(page.frames().map((f) => f.evaluate(() => window.__cspViolations || [])
      .catch(() => [])))).flat();
    return { page, errors, outside, base, context, violations };
  }

  return {
    open,
    async close() {
      await closeBrowser();
      await Promise.all(servers.map((s) => new Promise((done) => { s.close(done); s.closeAllConnections(); })));
    },
  };
}

// Scrolls a section's top to the top of the view (sections start lazily) and waits until it has
// drawn. Its top, not its middle (Playwright's scrollIntoViewIfNeeded centres a tall section and
// leaves its top controls above the view): a click on a control near the top then scrolls the
// page up to it, which starts the section above, whose real height replaces its placeholder's
// (content-visibility) and moves the control between aim and click.
export async function showSection(page, id) {
  await page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  await page.locator(`#${id}`).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.waitForFunction((sid) => document.getElementById(sid)?.dataset.state === 'ready', id);
  return page.locator(`#${id}`);
}

// Clicks a toggle button until it reads aria-pressed="true". A click is aimed where the
// button was a moment before; if the page moves it in between (a section above starting
// and taking its real height: see showSection), the click lands beside it (a CI run timed
// out that way). A click that misses is said, then tried again.
export async function press(button, { tries = 3 } = {}) {
  for (let k = 1; k <= tries; k++) {
    await button.click();
    if (await eventually(() => button.getAttribute('aria-pressed'), 'true', { timeout: 2000 }) === 'true') return;
    console.warn(`press: click ${k} of ${tries} did not press ${await button.evaluate((b) => b.outerHTML.slice(0, 80))}`);
  }
  throw new Error('press: the button never became pressed');
}

// Shows a section, switches it to its "Trained model" view and waits until that has drawn;
// a view that fails to start fails the test at once with the page's own message.
export async function openTrained(page, id) {
  const section = await showSection(page, id);
  await press(section.locator('[data-view-choice="trained"]'));
  const panel = section.locator('[data-trained]');
  await page.waitForFunction((sid) => ['ready', 'error'].includes(document.querySelector(`#${sid} [data-trained]`)?.dataset.state), id);
  if (await panel.getAttribute('data-state') === 'error') {
    throw new Error(`the trained view of ${id} failed: ${await panel.locator('[data-trained-status]').textContent()}`);
  }
  return section;
}

// The ids of the sections that have a module (main.js marks them with data-state).
export function liveSections(page) {
  return page.$$eval('main > section[data-state]', (all) => all.map((s) => s.id));
}

// Scrolls to every section with a module, in page order, and waits until each has
// drawn or failed. -> { id: 'ready' | 'error' }
export async function showAllSections(page) {
  await page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  const states = {};
  for (const id of await liveSections(page)) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((sid) => ['ready', 'error'].includes(document.getElementById(sid)?.dataset.state), id);
    states[id] = await page.locator(`#${id}`).getAttribute('data-state');
  }
  return states;
}

// Reads read() until its value deep-equals `expected` (or, if expected is a function,
// until expected(value) is true), at most `timeout` ms, and returns the last value read:
// the caller asserts on it, so a page that never gets there fails showing what it had.
// For a read right after an action the page answers in a later task (a <details>
// element's toggle event, an animation frame, a timer), where reading at once races it:
//   assert.equal(await eventually(() => table.count(), 8), 8);
export async function eventually(read, expected, { timeout = 10000, interval = 25 } = {}) {
  const done = typeof expected === 'function' ? expected : (value) => isDeepStrictEqual(value, expected);
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= end) return value;
    await new Promise((wake) => setTimeout(wake, interval));
  }
}

// Opens a figure's "Show numbers" (if closed) and waits for its tables: they are
// built together on the <details> element's toggle event, a task after the click. -> the tables
export async function showNumbers(figure) {
  const details = figure.locator('details.numbers');
  if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
  const tables = figure.locator('.numbers table');
  await tables.first().waitFor({ state: 'attached' });
  return tables;
}

// Sets a control's value as a reader would (fill dispatches one 'input' event),
// then waits for the next frame: sections redraw at most once per frame
// (site/src/ui/frame.js), so a change that follows another within one frame is
// drawn in the next requestAnimationFrame.
export async function setValue(locator, value) {
  await locator.fill(String(value));
  await locator.page().evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

// The numbers drawn in a chart's cells, in order (empty strings for hidden values).
export function cellTexts(locator) {
  return locator.locator('g.cell text').allTextContents();
}

// What a heatmap draws, whether its cells are SVG or painted on its canvas:
// { canvas, rows, cols, fills, blocked }, fills = each cell's colour (SVG: its fill
// attribute; canvas: the pixel at its centre, 'rgb(r,g,b)') and blocked = each cell's
// hatching (canvas: some pixel inside the cell left clear). Cells come in row-major
// order; rows and cols are those the chart's label announces. Runs in the page.
function readHeatmap(el) {
  const chart = el.matches('.heatmap') ? el : el.querySelector('.heatmap');
  const [, rows, cols] = chart.querySelector('svg.heatmap-svg').getAttribute('aria-label').match(/(\d+) by (\d+) cells/).map(Number);
  const canvas = chart.querySelector('canvas.heatmap-canvas.active');
  if (!canvas) {
    const cells = [...chart.querySelectorAll('g.cell')];
    return {
      canvas: false, rows, cols,
      fills: cells.map((g) => g.querySelector('rect').getAttribute('fill')),
      blocked: cells.map((g) => g.classList.contains('blocked')),
    };
  }
  // The figure is the canvas's top-left corner, data-painted-width x -height device px
  // (heatmap-canvas-cells.js: the canvas only grows).
  const [width, height] = [Number(canvas.dataset.paintedWidth), Number(canvas.dataset.paintedHeight)];
  const px = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const [sideX, sideY] = [width / cols, height / rows];
  const at = (x, y) => 4 * (Math.floor(y) * width + Math.floor(x));
  const fills = [];
  const blocked = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const c = at((j + 0.5) * sideX, (i + 0.5) * sideY);
      fills.push(`rgb(${px[c]},${px[c + 1]},${px[c + 2]})`);
      let clear = false;
      for (let y = Math.ceil(i * sideY); y < (i + 1) * sideY - 2 && !clear; y++) {
        for (let x = Math.ceil(j * sideX); x < (j + 1) * sideX - 2 && !clear; x++) clear = px[at(x, y) + 3] === 0;
      }
      blocked.push(clear);
    }
  }
  return { canvas: true, rows, cols, fills, blocked };
}

// What the heatmap `locator` is, or the first one inside it, draws (readHeatmap).
export function drawnCells(locator) {
  return locator.evaluate(readHeatmap);
}

// The same for every heatmap inside `locator` (a grid's panels), in order.
export async function drawnCellsEach(locator) {
  const charts = locator.locator('.heatmap');
  const count = await charts.count();
  return Promise.all(Array.from({ length: count }, (_, k) => charts.nth(k).evaluate(readHeatmap)));
}

// The numbers of table k of a figure's "Show numbers" (opened if closed), row by row, as
// numbers at the chart's format (NaN where a cell reads "blocked"; a row note is the last one).
export async function tableNumbers(figure, k = 0) {
  return (await showNumbers(figure)).nth(k).locator('tbody tr')
    .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
}

// The page point at the centre of cell (row, col) of the heatmap `locator` is or holds first.
async function cellPoint(locator, row, col) {
  const label = await locator.locator('svg.heatmap-svg').first().getAttribute('aria-label');
  const [, rows, cols] = label.match(/(\d+) by (\d+) cells/).map(Number);
  const hit = locator.locator('rect.hit').first();
  await hit.scrollIntoViewIfNeeded(); // the mouse reaches only what is on screen
  const box = await hit.boundingBox();
  return [box.x + ((col + 0.5) * box.width) / cols, box.y + ((row + 0.5) * box.height) / rows];
}

// Points the mouse at cell (row, col) of the heatmap `locator` is or holds first, SVG or canvas.
export async function hoverCell(locator, row, col) {
  await locator.page().mouse.move(...await cellPoint(locator, row, col));
}

// Clicks that cell, as a reader choosing it (SVG or canvas).
export async function clickCell(locator, row, col) {
  await locator.page().mouse.click(...await cellPoint(locator, row, col));
}

// The exact values behind a chart's SVG cells, in order, whether or not their text fits.
export function cellValues(locator) {
  return locator.locator('g.cell').evaluateAll((cells) => cells.map((c) => Number(c.dataset.value)));
}

// A temporary folder holding only the single file (attention-atlas.html), as a
// reader who saved just that file has it: { dir, remove() }.
export async function singleFileFolder() {
  const dir = await mkdtemp(join(tmpdir(), 'atlas-single-'));
  await copyFile(join(DIST, 'attention-atlas.html'), join(dir, 'attention-atlas.html'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

// Clicks a figure's download button and returns the file -> { name, bytes }. Chromium drops a
// page's downloads that come too fast (the 11th of downloads clicked back to back never arrived;
// with 100 ms between them 70 in a row did): a learner never clicks that fast, a test does, so
// each download waits a little first.
export async function downloaded(page, figure, label) {
  await page.waitForTimeout(200);
  const [file] = await Promise.all([page.waitForEvent('download'), figure.locator('.figure-tools button', { hasText: label }).click()]);
  return { name: file.suggestedFilename(), bytes: await downloadBytes(file) };
}

// A download's bytes (the browser runs behind a server, launchChromium, so it has no local path).
export async function downloadBytes(file) {
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}
