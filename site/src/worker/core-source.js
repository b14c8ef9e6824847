// coreWorkerSource(engine) -> the text of a classic script that defines
// createAttentionCore inside a Blob-URL worker, built from what the page has
// already loaded, so nothing is downloaded twice:
//   - the running engine's Emscripten factory (createAtlasEngineSimd or
//     createAtlasEngineScalar), from its own function text: the wasm is inside
//     it (SINGLE_FILE), or, for the folder's packed engines, in its wasmLatin1
//     string (wasm/pack-engine.mjs), which is written out as a string literal;
//   - the facade (wasm/js/engines.js and the API modules), whose bundle the site
//     build puts into app.js as the string FACADE_SOURCE (site/build.mjs).
// The factory's text refers to one variable of its enclosing closure,
// _scriptDir, which the worker declares. Nothing here is evaluated by the page.
/* global FACADE_SOURCE */
const GLOBALS = { simd: 'createAtlasEngineSimd', scalar: 'createAtlasEngineScalar' };

export function coreWorkerSource(engine) {
  const name = GLOBALS[engine];
  const factory = name && window[name];
  if (typeof factory !== 'function') throw new Error(`the ${engine} engine is not loaded on this page`);
  return [
    'var _scriptDir = undefined;',
    `var ${name} = (${factory.toString()});`,
    typeof factory.wasmLatin1 === 'string' ? `${name}.wasmLatin1 = ${JSON.stringify(factory.wasmLatin1)};` : '',
    FACADE_SOURCE,
    `var createAttentionCore = atlasFacade.wrapEngines({ ${engine}: function () { return ${name}; } });`,
  ].join('\n');
}
