// `make bench`: native core vs WASM core (through the public JS API, copies
// included) vs plain JS, side by side in one run, printed as times and ratios;
// then the size of what a browser downloads, then training speed (bench/train.mjs).
// Benchmarks are not tests: they print numbers, they assert nothing. Sizes: n queries = n keys, d = 64.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainAttention } from './plain-attention.mjs';
import { trainingBench } from './train.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SIZES = [16, 64, 256];
const D = 64;

function timeIt(fn) {
  for (let k = 0; k < 3; k++) fn(); // warm up the JIT and WASM tiers
  let calls = 0;
  const start = process.hrtime.bigint();
  while (Number(process.hrtime.bigint() - start) < 300e6) {
    fn();
    calls++;
  }
  return Number(process.hrtime.bigint() - start) / calls;
}

function seededMatrix(rows, cols, seed) {
  let s = seed;
  const data = new Float64Array(rows * cols);
  for (let k = 0; k < data.length; k++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[k] = s / 2147483648 - 1;
  }
  return { rows, cols, data };
}

const core = await createRequire(import.meta.url)(join(root, 'dist/attention-core.js'))();
const native = JSON.parse(execFileSync(join(root, 'build/native/atlas_bench'), SIZES.map(String), { encoding: 'utf8' }));

const ms = (ns) => (ns / 1e6).toFixed(3).padStart(9);
console.log(`attention(Q, K, V), n x n with d = ${D}; mean time per call (ms) and ratios, measured in this run`);
console.log('    n   native     wasm  plain JS   wasm/native  plainJS/wasm');
for (const n of SIZES) {
  const [Q, K, V] = [seededMatrix(n, D, 1), seededMatrix(n, D, 2), seededMatrix(n, D, 3)];
  const wasm = timeIt(() => core.attention(Q, K, V));
  const js = timeIt(() => plainAttention(Q, K, V));
  const nat = native[String(n)];
  console.log(`${String(n).padStart(5)} ${ms(nat)} ${ms(wasm)} ${ms(js)} ${(wasm / nat).toFixed(2).padStart(12)} ${(js / wasm).toFixed(2).padStart(13)}`);
}

console.log('\ndist/ files (bytes): raw, gzip -9');
const dist = join(root, 'dist');
let total = 0;
let totalGz = 0;
for (const name of readdirSync(dist).sort()) {
  const path = join(dist, name);
  if (!statSync(path).isFile()) continue;
  const raw = readFileSync(path);
  const gz = gzipSync(raw, { level: 9 }).length;
  total += raw.length;
  totalGz += gz;
  console.log(`  ${name.padEnd(28)} ${String(raw.length).padStart(9)} ${String(gz).padStart(9)}`);
}
console.log(`  ${'total'.padEnd(28)} ${String(total).padStart(9)} ${String(totalGz).padStart(9)}`);

await trainingBench();
