// `make bench`: prints, in one run, (1) attention natively, in WASM (SIMD and
// scalar engines, float64 and float32) and in plain JS, with ratios; plain against
// tiled attention in WASM, time and memory growth (bench/tiled.mjs); (2) in
// headless Chromium, the time from navigation until figures are drawn and the
// input-to-frame time of every slider swept across its range; (3) what the page
// downloads, what each later stage adds, and every file of dist/, raw and gzipped; (4) training speed
// (bench/train.mjs); (5) generating text with and without the KV cache (bench/generate.mjs);
// (6) Lighthouse 12.2.3, mobile and desktop (bench/lighthouse/, its own npm package).
// Benchmarks are not tests:
// they print numbers, they assert nothing.
//   node bench/run.mjs [--dist=DIR] [--native=PATH] [--only=attention,tiled,browser,sizes,training,generation,lighthouse]
//                      [--sections=patterns,distance] [--controls=ranges]
// --dist/--native let the same bench measure another build (a "before" copy).
// --only picks parts; 'browser' is both 'load' and 'sliders', which can also be
// picked alone. --sections sweeps the controls of those sections only. Every range input,
// number field with both ends, select and checkbox is swept (a section with Generate
// generates first); --controls=ranges sweeps the range inputs only, as earlier rounds did.
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { attentionBench, D } from './attention.mjs';
import { browserBench } from './browser.mjs';
import { distSizes, fileSize, stageSizes } from './sizes.mjs';
import { trainingBench } from './train.mjs';
import { tiledBench } from './tiled.mjs';
import { generationBench } from './generate.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const flags = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const dist = resolve(flags.dist || join(root, 'dist'));
const nativeBin = resolve(flags.native || join(root, 'build/native/atlas_bench'));
const only = new Set((flags.only || 'attention,tiled,browser,sizes,training,generation,lighthouse').split(',')
  .flatMap((part) => (part === 'browser' ? ['load', 'sliders'] : [part])));
const sections = flags.sections ? flags.sections.split(',') : null;
const allControls = flags.controls !== 'ranges';
const SIZES = [64, 512, 1024];

const ms = (ns, width = 8) => (ns == null ? 'n/a' : (ns / 1e6).toFixed(2)).padStart(width);
const ratio = (a, b, width = 8) => (a == null || b == null ? 'n/a' : `${(a / b).toFixed(1)}x`).padStart(width);
const pad = (s, w) => String(s).padStart(w);

function printAttention({ engines, rows }) {
  console.log(`== attention(Q, K, V), n x n, d = ${D}: ms per call (copies across the JS boundary included for WASM)`);
  console.log(`   engines in ${dist}: ${engines.join(', ')}`);
  console.log('       n |  native      | WASM SIMD    | WASM scalar  | plain JS |  plainJS/  plainJS/  SIMD32/   SIMD32/');
  console.log('         |  f64    f32  |  f64    f32  |  f64    f32  |   f64    |   SIMD64    SIMD32   native32  scalar32');
  for (const r of rows) {
    const s = r.wasm.simd;
    const c = r.wasm.scalar || {};
    console.log(`${pad(r.n, 8)} |${ms(r.native.float64, 6)} ${ms(r.native.float32, 6)} |${ms(s.float64, 6)} ${ms(s.float32, 6)} |`
      + `${ms(c.float64, 6)} ${ms(c.float32, 6)} | ${ms(r.plain, 8)} | ${ratio(r.plain, s.float64)} ${ratio(r.plain, s.float32, 9)}`
      + ` ${ratio(s.float32, r.native.float32, 9)} ${ratio(c.float32, s.float32, 9)}`);
  }
  console.log('   (f64 rows: the default precision; f32: attention(..., { precision: "float32" }))');
}

function printTiled({ block, rows }) {
  console.log(`\n== plain attention vs tiled (blocks ${block} x ${block}, no trace), WASM SIMD, float64, d = ${D}, through the JS API`);
  console.log('   (growth: how much the first call grew a fresh module\'s WASM memory; plain keeps scores and weights, n x n each)');
  console.log('       n |  plain ms  tiled ms  tiled/plain | plain growth MB  tiled growth MB  tiled working KB');
  const mb = (b) => (b / 2 ** 20).toFixed(1);
  for (const r of rows) {
    console.log(`${pad(r.n, 8)} | ${ms(r.plain.ns, 8)}  ${ms(r.tiled.ns, 8)}  ${ratio(r.tiled.ns, r.plain.ns, 11)} |`
      + ` ${pad(mb(r.plain.heapGrowth), 15)}  ${pad(mb(r.tiled.heapGrowth), 15)}  ${pad((r.tiled.workingBytes / 1024).toFixed(1), 16)}`);
  }
}

const FRAME_MS = 16; // one frame at 60 Hz, less the browser's own share
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
// A swept control's frame CPU (bench/trace.mjs) at quantile q, ms.
const frameCpu = (s, q) => quantile(s.stepCpu.map((c) => c.frame).sort((a, b) => a - b), q);

function printLoad(load) {
  const spread = ({ median, min, max }) => `${median.toFixed(0)} ms (${min.toFixed(0)}-${max.toFixed(0)})`;
  console.log(`\n== Chromium (headless, this machine): load, median (min-max) of ${load.runs} loads each`);
  console.log(`   1280 x 900: core ready ${spread(load.core)} after navigation; first section drawn ${spread(load.firstSection)}`);
  console.log(`   1280 x ${load.tallHeight}, every section started at once: all drawn ${spread(load.allDrawn)}`);
}

// -> the files the page downloaded (null when load times were not measured).
function printBrowser({ load, sliders }) {
  if (load) printLoad(load);
  if (sliders.length) printSliders(sliders);
  return load ? load.files : null;
}

function printSliders(sliders) {
  console.log(`\n== Chromium: ${allControls ? 'control' : 'slider'} input-to-frame (ms), swept across each range ${sliders[0].rounds} times`
    + ' (steps pooled), other controls at defaults');
  console.log('   (cpu/step: main-thread CPU per step from a trace, steady when other jobs load the machine; frame cpu: of each');
  console.log('   step\'s tasks up to its frame, median and p95; idle/step: CPU in idle callbacks (run-ahead, checks) a step,');
  console.log('   and the longest one, which delays a frame only if it runs past its idle time)');
  console.log('   section / control                    range        steps  median     p95     max  cpu/step  frame cpu (p95)  idle/step (longest)');
  for (const s of sliders) {
    const t = [...s.times].sort((a, b) => a - b);
    const idle = s.stepCpu.reduce((sum, c) => sum + c.idle, 0) / Math.max(1, s.stepCpu.length);
    const name = s.kind === 'range' ? s.name : `${s.name} (${s.kind})`;
    console.log(`   ${`${s.section} / ${name}`.padEnd(36)} ${`${s.min}..${s.max}`.padEnd(12)} ${pad(s.steps, 5)}`
      + ` ${pad(quantile(t, 0.5).toFixed(1), 7)} ${pad(quantile(t, 0.95).toFixed(1), 7)} ${pad(t[t.length - 1].toFixed(1), 7)}`
      + ` ${pad(s.cpuPerStep.toFixed(1), 9)} ${pad(frameCpu(s, 0.5).toFixed(1), 10)} ${pad(`(${frameCpu(s, 0.95).toFixed(1)})`, 6)}`
      + ` ${pad(idle.toFixed(1), 10)} ${pad(`(${s.longestIdle.toFixed(1)})`, 10)}`);
  }
  // Issue 24's budget, in the measure that can show it (docs/performance.md, Measuring, item 2).
  const swept = sliders.filter((s) => s.section !== '(floor)');
  const over = swept.filter((s) => frameCpu(s, 0.95) > FRAME_MS);
  console.log(`   frame CPU p95 within ${FRAME_MS} ms: ${swept.length - over.length} of ${swept.length} controls`
    + (over.length ? `; over: ${over.map((s) => `${s.section} / ${s.name} ${frameCpu(s, 0.95).toFixed(1)}`).join(', ')}` : ''));
}

function printSizes(firstPaint) {
  const line = (f) => console.log(`   ${f.name.padEnd(28)} ${pad(f.raw, 9)} ${pad(f.gzip, 9)}`);
  const total = (list, name) => ({ name, raw: list.reduce((a, f) => a + f.raw, 0), gzip: list.reduce((a, f) => a + f.gzip, 0) });
  if (firstPaint) {
    console.log('\n== What the article downloads on first load (bytes): raw, gzip -9');
    const files = firstPaint.filter((name) => name).map((name) => fileSize(dist, name));
    files.forEach(line);
    line(total(files.filter((f) => /\.(js|wasm)$/.test(f.name)), 'JS + wasm'));
    line(total(files, 'everything'));
  }
  console.log('\n== JS + wasm the folder build loads at each stage (bytes): raw, gzip -9');
  for (const { when, files } of stageSizes(dist)) {
    console.log(`   ${when}`);
    files.forEach((f) => line({ ...f, name: `  ${f.name}` }));
    line(total(files, '  total'));
  }
  console.log('\n== dist/ files (bytes): raw, gzip -9');
  const all = distSizes(dist);
  all.forEach(line);
  line(total(all, 'total'));
}

// Errors are caught here: an unhandled rejection would reach the handler the
// Emscripten module installs in Node, which prints a whole line of minified code.
try {
  if (only.has('attention')) printAttention(await attentionBench({ dist, nativeBin, sizes: SIZES }));
  if (only.has('tiled')) printTiled(await tiledBench({ dist }));
  const browserParts = ['load', 'sliders'].filter((part) => only.has(part));
  const firstPaint = browserParts.length ? printBrowser(await browserBench(dist, { parts: browserParts, sections, all: allControls })) : null;
  if (only.has('sizes')) printSizes(firstPaint);
  if (only.has('training')) await trainingBench();
  if (only.has('generation')) await generationBench(dist);
  if (only.has('lighthouse')) {
    const { lighthouseBench, printLighthouse } = await import('./lighthouse/run.mjs');
    printLighthouse(await lighthouseBench({ dist }));
  }
} catch (error) {
  console.error(`bench failed: ${error.stack || error}`);
  process.exitCode = 1;
}
