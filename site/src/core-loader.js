// The page's way to load the core (dist/atlas-core-loader.js, a classic script
// run before app.js): defines the global createAttentionCore, like
// attention-core.js does, but loads only the engine this browser runs:
// atlas-engine-simd.js, or atlas-engine-scalar.js where WASM SIMD is missing
// (wasm/js/engines.js detects it). These are the lean engines (attention and
// the lessons); createAttentionCore({ engine, full: true }) loads the matching
// full engine (atlas-engine-<engine>-full.js: the trainer and the trained
// model too) the first time a page asks for it (site/src/full-core.js).
// An engine is found, in this order:
//   - as its global, if the page already defines it;
//   - in an inert <script type="text/plain" id="atlas-engine-..."> block (the
//     single file, build-single.mjs, which can fetch nothing): its text is run
//     as an inline script only when the engine is first needed;
//   - as the same-folder file, added as a classic <script> element, which works
//     over http, from file:// and under the strict Content-Security-Policy
//     (script-src 'self').
// The lean engine's download starts as soon as this script runs, in parallel with app.js.
import { wrapEngines, defaultEngine } from '../../wasm/js/engines.js';
import { ENGINES, engineFile } from './engine-files.js';

const base = document.currentScript ? document.currentScript.src : document.baseURI;

function addScript({ file, global, id }) {
  return new Promise((resolve, reject) => {
    const defined = () => (window[global] ? resolve(window[global]) : reject(new Error(`${file} did not define ${global}`)));
    const script = document.createElement('script');
    const block = document.getElementById(id);
    if (block) {
      script.textContent = block.textContent; // runs as it is added, as the folder's file would on load
      document.head.append(script);
      defined();
      return;
    }
    script.src = new URL(file, base).href;
    script.onload = defined;
    script.onerror = () => reject(new Error(`${file} could not be loaded; it must sit beside index.html`));
    document.head.append(script);
  });
}

// -> a function returning (one and the same) promise of the engine's factory.
function loadEngine(engine) {
  let loading = null;
  return () => {
    loading ??= window[engine.global] ? Promise.resolve(window[engine.global]) : addScript(engine);
    return loading;
  };
}

const loaders = (full) => Object.fromEntries(ENGINES.map((engine) => [engine, loadEngine(engineFile(engine, full))]));
const lean = loaders(false);
window.createAttentionCore = wrapEngines(lean, loaders(true));
lean[defaultEngine()]();
