// coreWorkerSource(engine) -> the text of a classic script that defines
// createAttentionCore inside a Blob-URL worker, built from what the page has
// already loaded, so nothing is downloaded twice:
//   - the full engine's Emscripten factory (createAtlasEngineSimdFull or
//     createAtlasEngineScalarFull: the trainer is not in the lean engine of the
//     first paint; ../full-core.js loads it), from its own function text, and
//     its wasm, the strings factory.wasmText and factory.wasmByteOf
//     (wasm/pack-engine.mjs), written out as string literals;
//   - the facade (wasm/js/facade.js: engines.js and the API modules), whose
//     bundle the full engine carries as the function factory.facade
//     (wasm/pack-engine.mjs), from its own text too.
// The factory's text refers to one variable of its enclosing closure,
// _scriptDir, which the worker declares. Nothing here is evaluated by the page.
import { engineFile } from '../engine-files.js';

export function coreWorkerSource(engine) {
  const name = engineFile(engine, 'full').global;
  const factory = window[name];
  if (typeof factory !== 'function' || typeof factory.wasmText !== 'string' || typeof factory.facade !== 'function') {
    throw new Error(`the full ${engine} engine is not loaded on this page`);
  }
  return [
    'var _scriptDir = undefined;',
    `var ${name} = (${factory.toString()});`,
    `${name}.wasmText = ${JSON.stringify(factory.wasmText)};`,
    `${name}.wasmByteOf = ${JSON.stringify(factory.wasmByteOf)};`,
    `${name}.facade = (${factory.facade.toString()});`,
    `var atlasFacade = ${name}.facade();`,
    `var createAttentionCore = atlasFacade.wrapEngines({ ${engine}: function () { return ${name}; } }, undefined, atlasFacade.fullApis);`,
  ].join('\n');
}
