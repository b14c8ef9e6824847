// Browser half of `make bench`, in headless Chromium (playwright-core, Debian's
// /usr/bin/chromium, the flags of tests/browser/harness.mjs), over http from
// tools/serve.mjs (its own process). Measures, and asserts nothing:
//   load    ms from navigation until the core is ready, until the first section
//           has drawn, and (in a viewport tall enough that every section starts
//           at once) until every section has drawn and a frame has been shown:
//           medians of 5 loads each, with min and max;
//   sliders for every range input of the article (with all: every number field with
//           both ends, select and checkbox too), swept across its values with
//           the other controls at their defaults, three times (pooledSweep):
//           input-to-frame time of each step = from dispatching 'input' until
//           the frame after it has been produced (a task queued from the next
//           requestAnimationFrame), and
//           the main thread's CPU time per step from a Chromium trace, in all and
//           split into each step's way to its frame and the work left to idle
//           time (bench/trace.mjs); first, the same sweep of a slider nothing
//           listens to (the floor: producing a frame);
//   files   what the page downloaded (same-folder requests).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { markIdleCallbacks, stepCpu } from './trace.mjs';

// tools/serve.mjs in a process of its own: in this one it would share the event loop with
// Playwright's traffic and the traces, and every file would wait on them.
export async function serve(dist) {
  const script = fileURLToPath(new URL('../tools/serve.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, dist, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((done, fail) => {
    child.stdout.once('data', (text) => done(String(text).trim()));
    child.once('exit', (code) => fail(new Error(`tools/serve.mjs exited (${code})`)));
  });
  return { base: url.replace('localhost', '127.0.0.1'), close: () => child.kill() };
}

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
// Steps per control: a range or number field takes this many values evenly spaced (every value of
// a shorter one); a control with fewer values goes over them again (a range back and forth, a
// select's options and a checkbox round again) until it has as many steps, so a p95 is not the
// largest of 3 or 8 steps.
const STEPS = 24;

// Runs in the page before its scripts: the time each section (and the core status) became ready.
function recordReadyTimes() {
  window.__ready = {};
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (el.dataset && ['ready', 'error'].includes(el.dataset.state) && el.id && !(el.id in window.__ready)) {
        window.__ready[el.id] = performance.now();
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
}

const nextFrame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));

// One load of index.html in a 1280 x height viewport: ms from navigation until the core was
// ready, until the first section had drawn, and until every section had drawn (or failed) and
// a frame had been shown; with the files requested.
async function loadOnce(browser, base, height) {
  const page = await browser.newPage({ viewport: { width: 1280, height } });
  await page.addInitScript(recordReadyTimes);
  const files = new Set();
  page.on('request', (req) => { if (req.url().startsWith(base)) files.add(new URL(req.url()).pathname.slice(1)); });
  await page.goto(`${base}index.html`, { waitUntil: 'commit' });
  // Sections get data-state once the page's script runs: before that, "every one of none" is not done.
  const done = (tall) => {
    const sections = [...document.querySelectorAll('main > section[data-state]')];
    const drawn = sections.filter((s) => ['ready', 'error'].includes(s.dataset.state));
    return window.__ready['core-status'] && sections.length > 0 && (tall ? drawn.length === sections.length : drawn.length > 0);
  };
  await page.waitForFunction(done, height > 900, { timeout: 120000 });
  const times = await page.evaluate(async () => {
    await new Promise((shown) => requestAnimationFrame(() => setTimeout(shown, 0)));
    const drawn = [...document.querySelectorAll('main > section[data-state]')].filter((s) => s.id in window.__ready);
    return { core: window.__ready['core-status'], firstSection: Math.min(...drawn.map((s) => window.__ready[s.id])), allDrawn: performance.now() };
  });
  const articleHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.close();
  return { ...times, articleHeight, files: [...files].sort() };
}

const LOAD_RUNS = 5; // loads of each kind: one alone says more about the machine's neighbours than the page

// -> the normal viewport's core-ready and first-section times, and the tall viewport's (every
// section starts right after the core) all-drawn time: each the median of LOAD_RUNS loads, with
// min and max; and the files the first normal load requested.
async function loadTimes(browser, base) {
  const runs = async (height) => {
    const all = [];
    for (let k = 0; k < LOAD_RUNS; k++) all.push(await loadOnce(browser, base, height));
    return all;
  };
  const spread = (list, key) => {
    const sorted = list.map((r) => r[key]).sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
  };
  const normal = await runs(900);
  // Taller than the article (with every section's placeholder height; 76,000 px with 18 sections), or
  // the last sections never start and the wait times out.
  const tallHeight = Math.ceil(1.2 * Math.max(...normal.map((r) => r.articleHeight)));
  const tall = await runs(tallHeight);
  return {
    runs: LOAD_RUNS, tallHeight,
    core: spread(normal, 'core'), firstSection: spread(normal, 'firstSection'), allDrawn: spread(tall, 'allDrawn'),
    files: normal[0].files,
  };
}

// In the page: sweeps one control of a section across its values, then puts it back;
// -> { name, kind, min, max, steps, times }. A range or number input steps evenly across
// its range (every value of a short one); a select takes each option; a checkbox is
// turned over and back; each goes round again until it has taken `steps` values (STEPS).
async function sweepControl({ id, name, steps }) {
  const el = document.getElementById(id).querySelector(`[name="${name}"]`);
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const initial = el.type === 'checkbox' ? el.checked : el.value;
  let values;
  let range = ['', ''];
  if (el.tagName === 'SELECT') {
    values = Array.from(el.options, (o) => o.value).filter((v) => v !== initial).concat([initial]);
    range = [values[0], `(${values.length})`];
  } else if (el.type === 'checkbox') {
    values = [!initial, initial];
    range = ['on', 'off'];
  } else {
    const [min, max] = [Number(el.min), Number(el.max)];
    const step = Number(el.step) || (max - min) / 64;
    const count = Math.round((max - min) / step) + 1;
    const take = Math.min(count, steps);
    values = Array.from({ length: take }, (_, k) => min + step * Math.round((k * (count - 1)) / Math.max(1, take - 1)));
    range = [min, max];
  }
  // Round again until `steps` values, each different from the one before it: a select's or a
  // checkbox's round ends on the initial value and starts elsewhere; a range goes back and forth.
  const round = values;
  const turns = el.tagName !== 'SELECT' && el.type !== 'checkbox';
  for (let k = 1; values.length < steps && round.length > 1; k++) {
    values = values.concat(turns ? (k % 2 ? [...round].reverse() : round).slice(1) : round);
  }
  values = values.slice(0, Math.max(steps, round.length));
  const set = (v) => {
    if (el.type === 'checkbox') el.checked = v;
    else el.value = String(v);
  };
  const times = [];
  for (const v of values) {
    set(v);
    performance.mark('bench-step');
    const t0 = performance.now();
    el.dispatchEvent(new Event('input', { bubbles: true }));
    await frame();
    times.push(performance.now() - t0);
  }
  set(initial);
  performance.mark('bench-step');
  el.dispatchEvent(new Event('input', { bubbles: true }));
  await frame();
  performance.mark('bench-end');
  return { name, kind: el.type === 'range' ? 'range' : el.tagName === 'SELECT' ? 'select' : el.type, min: range[0], max: range[1], steps: values.length, times };
}

// The controls a sweep moves: every range input of a section, and with all = true also
// its number inputs with both ends, selects and checkboxes (not text fields, seeds' 'New'
// buttons or a trained view's own panel, which is hidden until opened). In the page.
function sweptControls({ id, all }) {
  const kinds = all ? 'input[type="range"], input[type="number"][min][max], select, input[type="checkbox"]' : 'input[type="range"]';
  return [...document.getElementById(id).querySelectorAll(kinds)]
    .filter((el) => el.name && !el.closest('[hidden], .practice') && !('pageSwitch' in el.dataset))
    .map((el) => el.name);
}

// The same sweep of a range input that nothing listens to: what a step measures when
// nothing is redrawn (the wait for the next frame), printed first as the floor under
// every control's input-to-frame time.
async function floorTimes(browser, page) {
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.id = 'bench-floor';
    box.innerHTML = '<input type="range" name="floor" min="0" max="23" value="0">';
    document.body.append(box);
  });
  const r = await pooledSweep(browser, page, { id: 'bench-floor', name: 'floor' });
  await page.evaluate(() => document.getElementById('bench-floor').remove());
  return { section: '(floor)', ...r, name: 'no listener' };
}

// Each control is swept ROUNDS times and its steps pooled (72 steps): the p95 of one sweep of 24
// steps is its second-largest step, and on this shared machine one busy moment moved a control
// across 16 ms (the count of controls within it changed by nine between two runs of one build).
const ROUNDS = 3;
async function pooledSweep(browser, page, control) {
  const rounds = [];
  for (let k = 0; k < ROUNDS; k++) rounds.push(await tracedSweep(browser, page, control));
  const all = (key) => rounds.flatMap((r) => r[key]);
  return {
    ...rounds[0], rounds: ROUNDS, steps: rounds.reduce((n, r) => n + r.steps, 0), times: all('times'), stepCpu: all('stepCpu'),
    cpuPerStep: rounds.reduce((sum, r) => sum + r.cpuPerStep, 0) / ROUNDS, longestIdle: Math.max(...rounds.map((r) => r.longestIdle)),
  };
}

// sweepControl under a trace ('blink.user_timing' for the marks): its result with the
// main thread's CPU: cpuPerStep (every task of the trace over the steps and the step back),
// and each step's CPU on the way to its frame and in idle callbacks (bench/trace.mjs).
const TRACE = { categories: ['toplevel', 'blink.user_timing'] };
async function tracedSweep(browser, page, { id, name }) {
  await browser.startTracing(page, TRACE);
  const r = await page.evaluate(sweepControl, { id, name, steps: STEPS });
  const cpu = stepCpu(JSON.parse((await browser.stopTracing()).toString()));
  return { ...r, cpuPerStep: cpu.total / (r.steps + 1), stepCpu: cpu.steps, longestIdle: cpu.longestIdle };
}

// sections: ids to sweep (default: every section of the article); all: every kind of
// control (sweptControls). A section with a Generate button (16) generates first: its
// figures draw on demand, and its layer and head choices exist only after it; one with a
// button that runs the trained model (18) presses it, so its passage and sinks are swept too.
async function sliderTimes(browser, base, sections, all) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(markIdleCallbacks);
  await page.goto(`${base}index.html`);
  await page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  const every = await page.$$eval('main > section[data-state]', (list) => list.map((s) => s.id));
  const ids = sections ? every.filter((id) => sections.includes(id)) : every;
  const results = [await floorTimes(browser, page)];
  for (const id of ids) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((sid) => ['ready', 'error'].includes(document.getElementById(sid)?.dataset.state), id);
    const generate = page.locator(`#${id} [data-action="generate"]`);
    if (all && await generate.count()) {
      await generate.click();
      await page.waitForFunction((sid) => document.getElementById(sid).dataset.generated === 'true', id, { timeout: 60000 });
    }
    // A section whose trained part starts on a button (18) runs it first: its controls show only then.
    const load = page.locator(`#${id} [data-action="load-model"]`);
    if (all && await load.count()) {
      await load.click();
      await page.waitForFunction((sid) => document.querySelector(`#${sid} [data-windows-trained]`)?.dataset.state === 'ready', id, { timeout: 60000 });
    }
    await page.evaluate(nextFrame);
    const names = await page.evaluate(sweptControls, { id, all });
    for (const name of [...new Set(names)]) results.push({ section: id, ...await pooledSweep(browser, page, { id, name }) });
  }
  await page.close();
  return results;
}

// parts: which of 'load' and 'sliders' to measure; sections: restricts the sliders (null = all).
// all: sweep every kind of control, not only range inputs (sliderTimes).
export async function browserBench(dist, { parts = ['load', 'sliders'], sections = null, all = false } = {}) {
  const server = await serve(dist);
  const { base } = server;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    return {
      load: parts.includes('load') ? await loadTimes(browser, base) : null,
      sliders: parts.includes('sliders') ? await sliderTimes(browser, base, sections, all) : [],
    };
  } finally {
    await browser.close();
    server.close();
  }
}
