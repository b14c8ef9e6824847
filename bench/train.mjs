// `make bench`, training rows (called from bench/run.mjs): the in-page
// trainer's default model (2 layers x 2 heads, dModel 32, context 24, vocab 16,
// batch 16, lr 0.003) trained natively (build/native/atlas_train_bench) and in
// WebAssembly through the public JS API, side by side in one run; then, in
// headless Chromium on dist/ over http, the seconds from pressing Start in
// section 13 until some head's induction score passes 0.4, for seeds 1-3, at
// full speed and with no pause step (learn.speed=0, learn.until=0), the mode
// the page trained in, and the longest task (> 50 ms, PerformanceObserver
// 'longtask') on the page's main thread while it trained, against the 200 ms
// the section aims for. Prints numbers; asserts nothing.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SEEDS = [1, 2, 3];

function wasmStepsPerSecond(core) {
  const t = core.createTrainer();
  t.step(5);
  const start = process.hrtime.bigint();
  t.step(300);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  t.dispose();
  return 300 / seconds;
}

function wasmFirstPass(core, seed) {
  const t = core.createTrainer({ seed });
  try {
    while (t.step(25).step <= 1000) {
      const e = t.evaluate();
      if (e.heads.some((h) => h.induction >= 0.4)) return e.step;
    }
    return null;
  } finally {
    t.dispose();
  }
}

// Runs in the page before its scripts: keeps every long task (> 50 ms) with its start.
function recordLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

// Seconds from Start to the first kept evaluation with an induction score >= 0.4, in Chromium,
// and the longest main-thread task after Start.
async function browserRuns() {
  const { openBrowser } = await import('../tests/browser/harness.mjs');
  const browser = await openBrowser();
  const runs = [];
  try {
    for (const seed of SEEDS) {
      const { page } = await browser.open('http', { csp: true, path: 'embed.html?section=learn&learn.speed=0&learn.until=0', initScript: recordLongTasks });
      const phase = (p) => page.waitForFunction((want) => document.getElementById('learn')?.dataset.phase === want, p, { timeout: 60000 });
      await phase('idle');
      await page.locator('#learn input[name="seed"]').fill(String(seed));
      await phase('idle');
      const started = await page.evaluate(() => performance.now());
      await page.locator('#learn [data-action="start"]').click();
      await page.waitForFunction(() => document.getElementById('learn').dataset.passedStep
        || Number(document.getElementById('learn').dataset.step) >= 1500, null, { timeout: 300000, polling: 100 });
      const d = await page.evaluate(() => ({ ...document.getElementById('learn').dataset }));
      const longest = await page.evaluate((t) => Math.max(0, ...window.__longTasks.filter((e) => e.start >= t).map((e) => e.duration)), started);
      runs.push({ seed, mode: d.mode, step: d.passedStep ? Number(d.passedStep) : null, seconds: d.passedSeconds ? Number(d.passedSeconds) : null, longest });
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

export async function trainingBench() {
  const native = JSON.parse(execFileSync(join(root, 'build/native/atlas_train_bench'), SEEDS.map(String), { encoding: 'utf8' }));
  const core = await createRequire(import.meta.url)(join(root, 'dist/attention-core.js'))();
  const wasm = wasmStepsPerSecond(core);
  console.log('\nTraining the in-page model (defaults: 2 layers x 2 heads, dModel 32, context 24, batch 16), steps/s');
  console.log(`  native ${native.stepsPerSecond.toFixed(0)}   wasm (Node) ${wasm.toFixed(0)}   native/wasm ${(native.stepsPerSecond / wasm).toFixed(2)}`);
  console.log('First step (multiple of 25) with an induction score >= 0.4, per seed: native, wasm (Node)');
  for (const seed of SEEDS) console.log(`  seed ${seed}: ${native.passed[seed] ?? 'not within 1000'}, ${wasmFirstPass(core, seed) ?? 'not within 1000'}`);
  console.log('Chromium (headless, dist/ over http with the strict CSP, embed.html?section=learn, full speed): Start -> induction >= 0.4;');
  console.log('  longest main-thread task while training (the aim: at most 200 ms; 0 = none over 50 ms)');
  for (const r of await browserRuns()) {
    console.log(`  seed ${r.seed}: ${r.step === null ? 'not within 1500 steps' : `step ${r.step}, ${r.seconds.toFixed(1)} s`} (mode: ${r.mode}), `
      + `longest task ${r.longest.toFixed(0)} ms`);
  }
}
