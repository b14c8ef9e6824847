// Loads the trained model only when a "Trained model" view first opens, so the
// article's first paint never waits for (or parses) the weights, nor for the
// full engine that runs them (../full-core.js: both load at the same time).
//   const loadModel = modelLoader(core);  const m = await loadModel();   // one load per page
// Every call with the same core gives the same loader, so a section that loads
// the model itself (section 18) shares the one the "Trained model" views use.
//   heldOutBaselines(m) -> { unigram, bigram } nats/char, or null: the baselines that
//   travel with the weights (attentionAtlasModel.baselines, site/build-model.mjs)
// Where the weights come from, in this order:
//   - the global attentionAtlasModel, if a page already loaded atlas-model.js;
//   - <script type="application/json" id="atlas-model-data"> (the single-file
//     build, build-single.mjs): a data block the browser does not run, read with
//     JSON.parse on first use (no eval, so no 'unsafe-eval' is needed);
//   - otherwise a <script src="atlas-model.js"> inserted next to the page's own
//     scripts: a same-folder classic script, which works over http, from file://
//     and under script-src 'self'.
import { loadFullCore } from '../full-core.js';

export const MODEL_SCRIPT = 'atlas-model.js';
export const MODEL_DATA_ID = 'atlas-model-data';

function insertScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`${src} could not be loaded; it must sit beside index.html`)));
    document.head.append(script);
  });
}

async function modelSource() {
  if (window.attentionAtlasModel) return window.attentionAtlasModel;
  const block = document.getElementById(MODEL_DATA_ID);
  if (block) return JSON.parse(block.textContent);
  await insertScript(MODEL_SCRIPT);
  if (!window.attentionAtlasModel) throw new Error(`${MODEL_SCRIPT} loaded but did not define attentionAtlasModel`);
  return window.attentionAtlasModel;
}

const baselines = new WeakMap();

export const heldOutBaselines = (m) => baselines.get(m) ?? null;

function load(source, full) {
  const m = full.loadModel(source);
  const b = source.baselines;
  if (b && Number.isFinite(b.unigram) && Number.isFinite(b.bigram)) baselines.set(m, { unigram: b.unigram, bigram: b.bigram });
  return m;
}

const loaders = new WeakMap(); // core -> its loader

export function modelLoader(core) {
  if (loaders.has(core)) return loaders.get(core);
  let pending = null;
  const loader = () => {
    if (!pending) {
      pending = Promise.all([modelSource(), loadFullCore(core)]).then(([source, full]) => load(source, full));
      pending.catch(() => { pending = null; }); // a failed load may be retried
    }
    return pending;
  };
  loaders.set(core, loader);
  return loader;
}
