// Chooses the engine the core runs on, then wraps it in the facade.
// Two builds of the same core exist (CMakeLists.txt): 'simd' (WASM SIMD,
// -msimd128; WebAssembly exception handling, -fwasm-exceptions; bulk memory,
// -mbulk-memory: memory.copy and memory.fill) and 'scalar' (none of the three,
// for older browsers). Each feature is detected by asking
// WebAssembly.validate about a tiny module that uses it (a v128 instruction; a
// try/catch_all block; memory.fill): nothing is compiled or run, and a browser
// without it says false instead of failing later.
//
//   const createAttentionCore = wrapEngines({ simd: () => factory, scalar: () => factoryOrPromise });
//   const core = await createAttentionCore();                   // core.engine: 'simd' | 'scalar'
//   const slow = await createAttentionCore({ engine: 'scalar' }); // force one (benchmarks, tests)
//
// Each loader returns the raw Emscripten factory (or a promise of it, when the
// page loads the engine's file on demand); it is called at most once.
// Each engine also comes lean (attention and the lessons) or full (with the
// trainer and the trained model), and for the page first (section 1's functions
// alone). The page gives the three sets of loaders (site/src/core-loader.js),
// asks for the first one with { first: true } when section 1 is all its first
// screen shows and for the full one with { full: true } when first needed;
// attention-core.js gives one set, whose engines are full (so is any core it
// makes, whatever it is asked).
import { wrapFactory } from './index.js';
import { oneOf, boolean } from './args.js';

// (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt))
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0,
  65, 0, 253, 15, 253, 98, 11]);

// (module (func try nop catch_all end))
const EXCEPTIONS_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 9, 1, 7, 0,
  6, 64, 1, 25, 11, 11]);

// (module (memory 1) (func i32.const 0 i32.const 0 i32.const 0 memory.fill))
const BULK_MEMORY_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 5, 3, 1, 0, 1,
  10, 13, 1, 11, 0, 65, 0, 65, 0, 65, 0, 252, 11, 0, 11]);

function valid(bytes) {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(bytes);
  } catch {
    return false;
  }
}

const simdSupported = () => valid(SIMD_PROBE);
const exceptionsSupported = () => valid(EXCEPTIONS_PROBE);
const bulkMemorySupported = () => valid(BULK_MEMORY_PROBE);
export const defaultEngine = () => (simdSupported() && exceptionsSupported() && bulkMemorySupported() ? 'simd' : 'scalar');

// An engine packed by wasm/pack-engine.mjs carries its wasm as factory.wasmText
// (one character per byte, the byte values renamed so the frequent ones are
// plain ASCII) and factory.wasmByteOf (512 hex digits: the byte of each
// character code). -> the wasm's bytes.
export function unpackWasm(factory) {
  const table = factory.wasmByteOf;
  const byteOf = new Uint8Array(256);
  for (let c = 0; c < 256; c++) byteOf[c] = parseInt(table.substr(2 * c, 2), 16);
  const text = factory.wasmText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = byteOf[text.charCodeAt(i)];
  return bytes;
}

// -> a factory that passes a packed engine's bytes to Emscripten as
// Module.wasmBinary. Any other factory is returned as is.
export function packedFactory(raw) {
  if (typeof raw.wasmText !== 'string') return raw;
  const bytes = unpackWasm(raw);
  return (overrides) => raw(Object.assign(overrides, { wasmBinary: bytes }));
}

// A full engine's trainer and model API: <factory>.facade() runs the facade bundle the
// full engine carries (wasm/pack-engine.mjs) -> its fullApis; once per factory. null
// for a lean engine.
const apisOf = new WeakMap();
function fullApisOf(raw) {
  if (typeof raw.facade !== 'function') return null;
  if (!apisOf.has(raw)) apisOf.set(raw, raw.facade().fullApis);
  return apisOf.get(raw);
}

// fullApis: the trainer and model API to use for full engines, when the caller has it
// already (a facade bundle's own: wasm/export.js, whose build-folder engines carry no
// facade, and the Blob worker); otherwise it comes from the engine's facade().
// firstLoaders: the first engines' (none: { first: true } gets the lean engine).
export function wrapEngines(loaders, fullLoaders = loaders, fullApis = null, firstLoaders = loaders) {
  const factories = {};
  const factory = (engine, size) => {
    const key = `${engine}-${size}`;
    factories[key] ??= Promise.resolve({ first: firstLoaders, lean: loaders, full: fullLoaders }[size][engine]());
    return factories[key];
  };
  // The object passed in is handed on as is (not copied): Emscripten makes it
  // the module object, whose memory the long-session test reads. Its `engine`,
  // `full` and `first` keys mean nothing to Emscripten.
  return async function createAttentionCore(overrides = {}) {
    const engine = oneOf(overrides.engine ?? defaultEngine(), 'engine', ['simd', 'scalar']);
    const full = overrides.full ?? false;
    boolean(full, 'full');
    const first = overrides.first ?? false;
    boolean(first, 'first');
    const raw = await factory(engine, full ? 'full' : first ? 'first' : 'lean');
    return wrapFactory(packedFactory(raw), { engine }, fullApis ?? fullApisOf(raw))(overrides);
  };
}
