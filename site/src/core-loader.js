// The page's way to load the core (dist/atlas-core-loader.js, a classic script
// run before app.js): defines the global createAttentionCore, like
// attention-core.js does, but downloads only the engine this browser runs:
// atlas-engine-simd.js, or atlas-engine-scalar.js where WASM SIMD is missing
// (wasm/js/engines.js detects it). The engine files sit beside this script and
// are added as classic <script> elements, which works over http, from file://
// and under the strict Content-Security-Policy (script-src 'self').
// The download starts as soon as this script runs, in parallel with app.js.
// A page that already defines the engine globals (the single-file build inlines
// both engines) downloads nothing.
import { wrapEngines, defaultEngine } from '../../wasm/js/engines.js';

const ENGINES = {
  simd: { file: 'atlas-engine-simd.js', global: 'createAtlasEngineSimd' },
  scalar: { file: 'atlas-engine-scalar.js', global: 'createAtlasEngineScalar' },
};
const base = document.currentScript ? document.currentScript.src : document.baseURI;

// -> a function returning (one and the same) promise of the engine's factory.
function loadEngine({ file, global }) {
  let loading = null;
  return () => {
    loading ??= window[global] ? Promise.resolve(window[global]) : new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = new URL(file, base).href;
      script.onload = () => resolve(window[global]);
      script.onerror = () => reject(new Error(`${file} could not be loaded`));
      document.head.append(script);
    });
    return loading;
  };
}

const loaders = { simd: loadEngine(ENGINES.simd), scalar: loadEngine(ENGINES.scalar) };
window.createAttentionCore = wrapEngines(loaders);
loaders[defaultEngine()]();
