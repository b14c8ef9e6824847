// Attention half of `make bench`: one attention call (n queries = n keys, d = 64)
// timed natively (build/native/atlas_bench), in WebAssembly through the public JS
// API (copies across the boundary included) on the SIMD and the scalar engine, in
// float64 and float32, and in a plain-JS loop, side by side in one run.
// Prints numbers; asserts nothing.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { plainAttention } from './plain-attention.mjs';

export const D = 64;

// Median ns per call over >= 0.3 s and >= 5 calls, after 2 warm-up calls (JIT and WASM tiers):
// the median, not the mean, so that a call slowed by another job on this shared machine does
// not move the ratios printed side by side.
export function timeIt(fn) {
  fn();
  fn();
  const times = [];
  const start = process.hrtime.bigint();
  while (times.length < 5 || Number(process.hrtime.bigint() - start) < 300e6) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0));
  }
  return times.sort((a, b) => a - b)[times.length >> 1];
}

export function seededMatrix(rows, cols, seed, Type) {
  let s = seed;
  const data = new Type(rows * cols);
  for (let k = 0; k < data.length; k++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[k] = s / 2147483648 - 1;
  }
  return { rows, cols, data };
}

// -> { engines: ['simd', 'scalar'] or those this dist/ has, rows: [{ n, native, wasm, plain }] } (ns)
export async function attentionBench({ dist, nativeBin, sizes }) {
  const create = createRequire(import.meta.url)(join(dist, 'attention-core.js'));
  const simd = await create({ engine: 'simd' });
  // A dist/ from before the scalar engine existed ignores `engine` and has no `core.engine`.
  const cores = simd.engine ? { simd, scalar: await create({ engine: 'scalar' }) } : { simd };
  const raw = JSON.parse(execFileSync(nativeBin, sizes.map(String), { encoding: 'utf8' }));
  const rows = [];
  for (const n of sizes) {
    const inputs = (Type) => [1, 2, 3].map((seed) => seededMatrix(n, D, seed, Type));
    const [d64, d32] = [inputs(Float64Array), inputs(Float32Array)];
    const wasm = {};
    for (const [engine, core] of Object.entries(cores)) {
      const f32 = core.attention(...d32, { precision: 'float32' }).weights.data instanceof Float32Array;
      wasm[engine] = {
        float64: timeIt(() => core.attention(...d64)),
        float32: f32 ? timeIt(() => core.attention(...d32, { precision: 'float32' })) : null,
      };
    }
    const nat = typeof raw[n] === 'number' ? { double: raw[n], float: null } : raw[n];
    rows.push({ n, native: { float64: nat.double, float32: nat.float }, wasm, plain: timeIt(() => plainAttention(...d64)) });
  }
  return { engines: Object.keys(cores), rows };
}
