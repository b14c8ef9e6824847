// Chooses the engine the core runs on, then wraps it in the facade.
// Two builds of the same core exist (CMakeLists.txt): 'simd' (WASM SIMD,
// -msimd128) and 'scalar' (no SIMD, for browsers without it). WASM SIMD is
// detected by asking WebAssembly.validate about a 31-byte module that uses a
// v128 instruction: nothing is compiled or run, and a browser without SIMD
// says false instead of failing later.
//
//   const createAttentionCore = wrapEngines({ simd: () => factory, scalar: () => factoryOrPromise });
//   const core = await createAttentionCore();                   // core.engine: 'simd' | 'scalar'
//   const slow = await createAttentionCore({ engine: 'scalar' }); // force one (benchmarks, tests)
//
// Each loader returns the raw Emscripten factory (or a promise of it, when the
// page loads the engine's file on demand); it is called at most once.
import { wrapFactory } from './index.js';
import { oneOf } from './args.js';

// (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt))
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0,
  65, 0, 253, 15, 253, 98, 11]);

export function simdSupported() {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

export const defaultEngine = () => (simdSupported() ? 'simd' : 'scalar');

// An engine packed by wasm/pack-engine.mjs carries its wasm as
// factory.wasmLatin1 (one character per byte): -> a factory that passes those
// bytes to Emscripten as Module.wasmBinary. Any other factory is returned as is.
export function packedFactory(raw) {
  if (typeof raw.wasmLatin1 !== 'string') return raw;
  const text = raw.wasmLatin1;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return (overrides) => raw({ ...overrides, wasmBinary: bytes });
}

export function wrapEngines(loaders) {
  const factories = {};
  const factory = (engine) => {
    factories[engine] ??= Promise.resolve(loaders[engine]());
    return factories[engine];
  };
  return async function createAttentionCore(overrides = {}) {
    const { engine = defaultEngine(), ...moduleOverrides } = overrides;
    oneOf(engine, 'engine', ['simd', 'scalar']);
    return wrapFactory(packedFactory(await factory(engine)), { engine })(moduleOverrides);
  };
}
