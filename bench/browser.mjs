// Browser half of `make bench`, in headless Chromium (playwright-core, Debian's
// /usr/bin/chromium, the flags of tests/browser/harness.mjs), over http from
// tools/serve.mjs. Measures, and asserts nothing:
//   load    ms from navigation until the core is ready, until the first section
//           has drawn, and (in a viewport tall enough that every section starts
//           at once) until every section has drawn and a frame has been shown;
//   sliders for every range input of the article, swept across its range with
//           the other controls at their defaults: input-to-frame time of each
//           step = from dispatching 'input' until the frame after it has been
//           produced (a task queued from the next requestAnimationFrame), and
//           the main thread's CPU time per step from a Chromium trace;
//   files   what the page downloaded (same-folder requests).
import { chromium } from 'playwright-core';
import { startServer } from '../tools/serve.mjs';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const MAX_STEPS = 24; // values per slider: every value of short ranges, evenly spaced otherwise

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

async function loadTimes(browser, base) {
  const normal = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await normal.addInitScript(recordReadyTimes);
  const files = new Set();
  normal.on('request', (req) => { if (req.url().startsWith(base)) files.add(new URL(req.url()).pathname.slice(1)); });
  await normal.goto(`${base}index.html`, { waitUntil: 'commit' });
  await normal.waitForFunction(() => window.__ready['core-status'] && document.querySelector('main > section[data-state="ready"]'));
  const first = await normal.evaluate(() => {
    const ready = [...document.querySelectorAll('main > section[data-state="ready"]')].map((s) => window.__ready[s.id]);
    return { core: window.__ready['core-status'], firstSection: Math.min(...ready) };
  });
  await normal.close();

  const height = 30000; // taller than the article: every section starts right after the core
  const tall = await browser.newPage({ viewport: { width: 1280, height } });
  await tall.addInitScript(recordReadyTimes);
  await tall.goto(`${base}index.html`, { waitUntil: 'commit' });
  // Sections get data-state once the page's script runs: before that, "every one of none" is not done.
  await tall.waitForFunction(() => {
    const sections = [...document.querySelectorAll('main > section[data-state]')];
    return sections.length > 0 && sections.every((s) => ['ready', 'error'].includes(s.dataset.state));
  }, null, { timeout: 120000 });
  const all = await tall.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const sections = Object.fromEntries([...document.querySelectorAll('main > section[data-state]')]
      .map((s) => [s.id, window.__ready[s.id]]));
    return { allDrawn: performance.now(), sections };
  });
  await tall.close();
  return { ...first, ...all, files: [...files].sort() };
}

// In the page: sweeps one range input of a section across its range, then puts it
// back; -> { name, min, max, steps, times }.
async function sweepSlider({ id, name, maxSteps }) {
  const el = document.getElementById(id).querySelector(`input[type="range"][name="${name}"]`);
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const [min, max, step] = [Number(el.min), Number(el.max), Number(el.step) || 1];
  const count = Math.round((max - min) / step) + 1;
  const take = Math.min(count, maxSteps);
  const values = Array.from({ length: take }, (_, k) => min + step * Math.round((k * (count - 1)) / Math.max(1, take - 1)));
  const initial = el.value;
  const times = [];
  for (const v of values) {
    el.value = String(v);
    const t0 = performance.now();
    el.dispatchEvent(new Event('input', { bubbles: true }));
    await frame();
    times.push(performance.now() - t0);
  }
  el.value = initial;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  await frame();
  return { name, min, max, steps: values.length, times };
}

// The CPU time the page's main thread spent in tasks during a trace, ms: unlike
// the input-to-frame times, it hardly changes when other jobs load the machine
// (a step waiting for a core is slower, not busier).
function mainThreadCpu(trace) {
  const main = trace.traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  return trace.traceEvents
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid
      && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask'))
    .reduce((sum, e) => sum + (e.tdur || 0) / 1000, 0);
}

// sections: ids to sweep (default: every section of the article).
async function sliderTimes(browser, base, sections) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}index.html`);
  await page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  const all = await page.$$eval('main > section[data-state]', (list) => list.map((s) => s.id));
  const ids = sections ? all.filter((id) => sections.includes(id)) : all;
  const results = [];
  for (const id of ids) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((sid) => ['ready', 'error'].includes(document.getElementById(sid)?.dataset.state), id);
    await page.evaluate(nextFrame);
    const names = await page.$$eval(`#${id} input[type="range"]`, (all) => all.map((el) => el.name));
    for (const name of names) {
      await browser.startTracing(page, { categories: ['toplevel'] });
      const r = await page.evaluate(sweepSlider, { id, name, maxSteps: MAX_STEPS });
      const cpu = mainThreadCpu(JSON.parse((await browser.stopTracing()).toString()));
      results.push({ section: id, ...r, cpuPerStep: cpu / (r.steps + 1) }); // + 1: the step back to the default
    }
  }
  await page.close();
  return results;
}

// parts: which of 'load' and 'sliders' to measure; sections: restricts the sliders (null = all).
export async function browserBench(dist, { parts = ['load', 'sliders'], sections = null } = {}) {
  const server = await startServer(dist, 0);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    return {
      load: parts.includes('load') ? await loadTimes(browser, base) : null,
      sliders: parts.includes('sliders') ? await sliderTimes(browser, base, sections) : [],
    };
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
  }
}
