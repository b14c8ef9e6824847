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
// An engine is found as its global, if the page already defines it, else as
// ./add-script.js finds a script: an inert block of the single file, or the
// same-folder file.
import { wrapEngines, defaultEngine } from '../../wasm/js/engines.js';
import { ENGINES, engineFile } from './engine-files.js';
import { addScript, currentScriptBase } from './add-script.js';
import { opensAtTop } from './first-screen.js';

const base = currentScriptBase();

// -> a function returning (one and the same) promise of the engine's factory.
function loadEngine(engine) {
  let loading = null;
  return () => {
    loading ??= window[engine.global] ? Promise.resolve(window[engine.global]) : addScript(engine, base);
    return loading;
  };
}

const loaders = (size) => Object.fromEntries(ENGINES.map((engine) => [engine, loadEngine(engineFile(engine, size))]));
const lean = loaders('lean');
const singleFile = document.documentElement.hasAttribute('data-single-file');
const first = singleFile ? lean : loaders('first');
window.createAttentionCore = wrapEngines(lean, loaders('full'), null, first);
// The download of the engine the page starts on begins as soon as this script runs, in parallel
// with app.js: the first engine at the top of the article, the lean one for a link to a place in
// it or an embed (./first-screen.js; site/src/main.js asks for the same).
(opensAtTop() ? first : lean)[defaultEngine()]();
