// Section 17's bench: plain attention (core.attention: scores and weights n x n)
// against the tiled computation (core.attentionTiled, blocks of 64 x 64, no
// trace) in WebAssembly, SIMD engine, float64, through the public JS API, at
// n = 512 .. 4096, d = 64: ms per call and how much WASM memory each call made
// the module grow (a fresh module per measurement, since WASM memory never
// shrinks). Prints numbers side by side; asserts nothing.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { D, seededMatrix, timeIt } from './attention.mjs';

export const TILED_SIZES = [512, 1024, 2048, 4096];
const BLOCK = 64;

// -> { heapGrowth (bytes), ms } of fn(core) on a fresh module: the first call's growth, then the time per call.
async function measure(create, fn) {
  const module = { engine: 'simd' }; // Emscripten fills in this object: its HEAP8 is the module's memory
  const core = await create(module);
  const before = module.HEAP8.buffer.byteLength;
  fn(core);
  const heapGrowth = module.HEAP8.buffer.byteLength - before;
  return { heapGrowth, ns: timeIt(() => fn(core)) };
}

// -> rows [{ n, plain: { ns, heapGrowth }, tiled: { ns, heapGrowth, workingBytes } }]
export async function tiledBench({ dist, sizes = TILED_SIZES }) {
  const create = createRequire(import.meta.url)(join(dist, 'attention-core.js'));
  const rows = [];
  for (const n of sizes) {
    const [Q, K, V] = [1, 2, 3].map((seed) => seededMatrix(n, D, seed, Float64Array));
    const plain = await measure(create, (core) => core.attention(Q, K, V));
    let workingBytes = 0;
    const tiled = await measure(create, (core) => {
      workingBytes = core.attentionTiled(Q, K, V, { blockRows: BLOCK, blockCols: BLOCK }).workingBytes;
    });
    rows.push({ n, plain, tiled: { ...tiled, workingBytes } });
  }
  return { block: BLOCK, rows };
}
