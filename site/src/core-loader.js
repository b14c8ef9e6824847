// The page's way to load the core (dist/atlas-core-loader.js, a classic script
// run before app.js): defines the global createAttentionCore, like
// attention-core.js does, but loads only the engine this browser runs:
// atlas-engine-simd*.js, or atlas-engine-scalar*.js where WASM SIMD is missing
// (wasm/js/engines.js detects it), and only the size asked for:
// createAttentionCore() the lean engine (attention and the lessons);
// createAttentionCore({ first: true }) the first engine (section 1's functions
// alone: what the article's first screen needs, a third of the lean one's bytes;
// the single file carries none and gets the lean one); { full: true } the full
// engine (the trainer and the trained model too), the first time a page asks for
// it (site/src/full-core.js). site/src/main.js says which the page needs.
// An engine is found, in this order:
//   - as its global, if the page already defines it;
//   - in an inert <script type="text/plain" id="atlas-engine-..."> block (the
//     single file, build-single.mjs, which can fetch nothing): its text is run
//     as an inline script only when the engine is first needed;
//   - as the same-folder file, added as a classic <script> element, which works
//     over http, from file:// and under the strict Content-Security-Policy
//     (script-src 'self').
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

const loaders = (size) => Object.fromEntries(ENGINES.map((engine) => [engine, loadEngine(engineFile(engine, size))]));
const lean = loaders('lean');
const singleFile = document.documentElement.hasAttribute('data-single-file');
const first = singleFile ? lean : loaders('first');
window.createAttentionCore = wrapEngines(lean, loaders('full'), null, first);
// The download of the engine the page most likely starts on begins as soon as this script runs,
// in parallel with app.js: the first engine for the top of the article, the lean one for a link
// to a place in it or an embed (main.js decides from what is near the viewport).
const atTop = !location.hash && !document.getElementById('embed-sections');
(atTop ? first : lean)[defaultEngine()]();
