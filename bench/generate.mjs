// `make bench`, generation rows (called from bench/run.mjs): the trained Austen
// model writes 100 characters after a 25-character prompt with the KV cache
// and by recomputing the whole sequence at every step (m.generate's cache
// option; compare off, so each run does one of the two), side by side in one
// run: in headless Chromium on dist/ over http (the page's own full engine),
// and in Node on dist/attention-core.js. Medians of five runs after a warm-up.
// Also m.run on a whole context (128 characters: the trained views' largest text).
// Prints numbers; asserts nothing. Targets: 100 characters with the cache in
// Chromium within 0.5 s; m.run on 128 characters within 20 ms.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PROMPT = 'It is a truth universally';
const STEPS = 100;
const RUNS = 5;

// Runs in the page as well as in Node: its source is handed to page.evaluate.
function timeGeneration({ core, model, prompt, steps, runs }) {
  const m = core.loadModel(model);
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const seconds = (cache) => {
    const options = { steps, temperature: 0.8, topK: 10, seed: 1, cache, compare: false };
    m.generate(prompt, options); // warm-up
    const times = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      m.generate(prompt, options);
      times.push((performance.now() - start) / 1000);
    }
    return median(times);
  };
  const text = `${prompt} acknowledged, that a single man in possession of a good fortune, must be in want of a wife. However, little`.slice(0, m.config.context);
  m.run(text); // warm-up
  const runs128 = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    m.run(text);
    runs128.push(performance.now() - start);
  }
  const out = { cached: seconds(true), full: seconds(false), run: median(runs128), runLength: [...text].length };
  m.dispose();
  return out;
}

async function chromium(dist) {
  const { openBrowser } = await import('../tests/browser/harness.mjs');
  const browser = await openBrowser();
  try {
    const { page } = await browser.open('http', { path: 'embed.html?section=kv-cache', dir: dist });
    await page.locator('#kv-cache [data-action="generate"]').click(); // loads the model and the full engine
    await page.waitForFunction(() => document.getElementById('kv-cache')?.dataset.generated === 'true', null, { timeout: 60000 });
    return await page.evaluate(async ({ source, prompt, steps, runs }) => {
      const core = await window.createAttentionCore({ full: true });
      const run = new Function(`return (${source})`)(); // the bench function above, handed over as text
      return run({ core, model: window.attentionAtlasModel, prompt, steps, runs });
    }, { source: timeGeneration.toString(), prompt: PROMPT, steps: STEPS, runs: RUNS });
  } finally {
    await browser.close();
  }
}

function node(dist) {
  const require = createRequire(import.meta.url);
  return require(join(dist, 'attention-core.js'))().then((core) => timeGeneration({
    core, model: require(join(dist, 'atlas-model.js')), prompt: PROMPT, steps: STEPS, runs: RUNS,
  }));
}

// dist: the build to measure (bench/run.mjs --dist; default dist/).
export async function generationBench(dist = join(root, 'dist')) {
  const rows = [['Chromium (headless, over http)', await chromium(dist)], ['Node (dist/attention-core.js)', await node(dist)]];
  console.log(`\nGenerating ${STEPS} characters after a ${PROMPT.length}-character prompt with the Austen model (median of ${RUNS}):`);
  console.log('                                   with KV cache        recomputing          cache speed-up');
  for (const [name, r] of rows) {
    const line = (s) => `${s.toFixed(3)} s ${String(Math.round(STEPS / s)).padStart(5)} ch/s`;
    console.log(`  ${name.padEnd(32)} ${line(r.cached)}   ${line(r.full)}   ${(r.full / r.cached).toFixed(1)}x`);
  }
  console.log('  (target: 100 characters with the cache in Chromium within 0.5 s)');
  for (const [name, r] of rows) console.log(`  m.run on ${r.runLength} characters, ${name}: ${r.run.toFixed(1)} ms (target in Chromium: 20 ms)`);
}
