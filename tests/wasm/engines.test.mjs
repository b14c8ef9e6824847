// The two engines behind dist/attention-core.js (SIMD and scalar) and the
// float32 fast path of attention().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createAttentionCore, loadCore, testMatrix, maxAbsDiff } from './load.mjs';
import { defaultEngine, unpackWasm } from '../../wasm/js/engines.js';

const require = createRequire(import.meta.url);
const core = await loadCore();
const scalar = await createAttentionCore({ engine: 'scalar' });

test('in Node 20 (which has WASM SIMD) the default engine is simd; scalar can be asked for', () => {
  assert.equal(core.engine, 'simd');
  assert.equal(scalar.engine, 'scalar');
});

test('the SIMD engine needs WASM SIMD, exception handling and bulk memory: without any one, the default is scalar', () => {
  const validate = WebAssembly.validate;
  const opcodes = { simd: [0xfd], exceptions: [0x06, 0x40], bulk: [0xfc, 0x0b] }; // v128; a try block; memory.fill
  try {
    for (const missing of Object.values(opcodes)) {
      WebAssembly.validate = (bytes) => !bytes.some((b, i) => missing.every((m, k) => bytes[i + k] === m)) && validate(bytes);
      assert.equal(defaultEngine(), 'scalar');
    }
    WebAssembly.validate = validate;
    assert.equal(defaultEngine(), 'simd', 'Node 20 has all three');
  } finally {
    WebAssembly.validate = validate;
  }
});

test('an unknown engine is a clear Error naming the option', async () => {
  await assert.rejects(createAttentionCore({ engine: 'gpu' }), /engine must be one of 'simd', 'scalar'; got string gpu/);
});

test('the scalar engine computes what the SIMD engine computes (attention, sentence pipeline, encoding)', () => {
  const [Q, K, V] = [testMatrix(40, 16, 1), testMatrix(30, 16, 2), testMatrix(30, 8, 3)];
  const a = core.attention(Q, K, V);
  const b = scalar.attention(Q, K, V);
  assert.ok(maxAbsDiff(a.weights.data, b.weights.data) < 1e-12);
  assert.ok(maxAbsDiff(a.output.data, b.output.data) < 1e-12);
  const words = ['the', 'cat', 'sat', 'on', 'the', 'mat'];
  assert.ok(maxAbsDiff(core.selfAttention(words).weights.data, scalar.selfAttention(words).weights.data) < 1e-12);
  assert.ok(maxAbsDiff(core.positionalEncoding(64, 32).data, scalar.positionalEncoding(64, 32).data) < 1e-12);
});

// The wasm inside dist/attention-core.js (base64, SINGLE_FILE): the full engines', SIMD first.
const publicWasm = [...readFileSync(require.resolve('../../dist/attention-core.js'), 'utf8')
  .matchAll(/data:application\/octet-stream;base64,([^"]+)"/g)].map((m) => Buffer.from(m[1], 'base64'));

test('each page engine file carries its wasm one character per byte and runs from those bytes alone', async () => {
  for (const name of ['atlas-engine-simd.js', 'atlas-engine-scalar.js', 'atlas-engine-simd-full.js', 'atlas-engine-scalar-full.js']) {
    const factory = require(`../../dist/${name}`);
    assert.equal(typeof factory.wasmText, 'string', name);
    assert.ok([...factory.wasmText].every((c) => c.charCodeAt(0) < 256), `${name}: one byte per character`);
    const bytes = unpackWasm(factory);
    assert.equal(bytes.length, factory.wasmText.length);
    assert.deepEqual([...bytes.subarray(0, 4)], [0, 0x61, 0x73, 0x6d], `${name} starts with \\0asm`);
    const raw = await factory({ wasmBinary: bytes });
    assert.equal(typeof raw.attention, 'function', name);
  }
  assert.equal(publicWasm.length, 2);
  assert.deepEqual(unpackWasm(require('../../dist/atlas-engine-simd-full.js')), new Uint8Array(publicWasm[0]));
  assert.deepEqual(unpackWasm(require('../../dist/atlas-engine-scalar-full.js')), new Uint8Array(publicWasm[1]));
});

test('a page engine spends its cheapest characters on its most frequent bytes: plain ASCII, then two UTF-8 bytes, then \\xNN', () => {
  const escaped = [0x00, 0x0a, 0x0d, 0x27, 0x5c, 0x3c]; // what a JS string or an inlined <script> cannot hold
  const cost = (c) => (escaped.includes(c) ? 4 : c < 0x80 ? 1 : 2); // bytes in the UTF-8 file
  for (const name of ['atlas-engine-simd.js', 'atlas-engine-scalar.js']) {
    const { wasmText } = require(`../../dist/${name}`);
    const uses = new Array(256).fill(0);
    for (let i = 0; i < wasmText.length; i++) uses[wasmText.charCodeAt(i)]++;
    for (const tier of [1, 2]) {
      const least = Math.min(...uses.filter((_, c) => cost(c) === tier));
      const most = Math.max(...uses.filter((_, c) => cost(c) > tier));
      assert.ok(least >= most, `${name}: a ${tier}-byte character is used ${least} times, a dearer one ${most}`);
    }
  }
});

test('attention with precision float32 returns Float32Arrays within 1e-5 of float64, on both engines', () => {
  const [Q, K, V] = [testMatrix(200, 64, 4), testMatrix(200, 64, 5), testMatrix(200, 64, 6)];
  const exact = core.attention(Q, K, V);
  for (const c of [core, scalar]) {
    const fast = c.attention(Q, K, V, { precision: 'float32' });
    for (const key of ['weights', 'scores', 'output']) assert.ok(fast[key].data instanceof Float32Array, key);
    assert.ok(fast.rowSums instanceof Float32Array);
    assert.ok(maxAbsDiff(fast.weights.data, exact.weights.data) < 1e-5, c.engine);
    assert.ok(maxAbsDiff(fast.output.data, exact.output.data) < 1e-4, c.engine);
  }
});

test('float32 attention keeps the mask contract: blocked = 0, fully blocked row = zeros', () => {
  const mask = { rows: 3, cols: 3, data: [0, 1, 1, 1, 1, 1, 0, 0, 0] };
  const r = core.attention(testMatrix(3, 2, 7), testMatrix(3, 2, 8), testMatrix(3, 2, 9), { mask, precision: 'float32' });
  assert.deepEqual(Array.from(r.weights.data.subarray(0, 6)), [1, 0, 0, 0, 0, 0]);
  assert.deepEqual(Array.from(r.rowSums.subarray(1, 2)), [0]);
});

test('a bad precision or bad float32 input throws a named Error and the core keeps working', () => {
  const I = { rows: 2, cols: 2, data: [1, 0, 0, 1] };
  assert.throws(() => core.attention(I, I, I, { precision: 'half' }), /precision must be one of 'float64', 'float32'/);
  assert.throws(() => core.attention({ rows: 2, cols: 2, data: [1, NaN, 0, 1] }, I, I, { precision: 'float32' }),
    /Q has a non-finite value .* row 0, column 1/);
  assert.throws(() => core.attention(I, { rows: 2, cols: 3, data: [1, 0, 0, 1, 0, 0] }, I, { precision: 'float32' }), /K is 2 x 3/);
  assert.equal(core.attention(I, I, I, { precision: 'float32' }).weights.rows, 2);
});
