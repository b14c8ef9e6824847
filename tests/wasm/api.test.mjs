// The public JS API of dist/attention-core.js (its contract: docs/api.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionCore, loadCore, testMatrix } from './load.mjs';

const core = await loadCore();

const rowSumsOf = (m) => Array.from({ length: m.rows }, (_, i) =>
  m.data.subarray(i * m.cols, (i + 1) * m.cols).reduce((a, b) => a + b, 0));

// The public API: a new function is added here and in docs/api.md together.
const FUNCTIONS = [
  'alibiAttention', 'attention', 'attentionIo', 'attentionMemory', 'attentionTiled', 'attentionTrace',
  'causalAttention', 'causalMask', 'createTrainer', 'crossAttention', 'dirichletRows', 'distanceDecays', 'embed',
  'entropy', 'focusRows', 'groupedQuery', 'headRoles', 'kvCacheSize', 'layerEvolution', 'loadModel', 'loadTrainer',
  'modelLayers', 'multiHead', 'pattern', 'patternSet', 'positionEffect', 'positionSimilarity', 'positionalEncoding',
  'receptiveField', 'rollout', 'rotary', 'rotaryLesson', 'selfAttention', 'temperatureRow', 'tilingLesson',
  'tokenize', 'windowMask',
];
const DATA = ['engine', 'first', 'full', 'limits', 'trainerDefaults'];

test('require() gives the factory, and it resolves to exactly the documented functions and data', () => {
  assert.equal(typeof createAttentionCore, 'function');
  const keys = Object.keys(core);
  assert.deepEqual(keys.filter((k) => typeof core[k] === 'function').sort(), FUNCTIONS);
  assert.deepEqual(keys.filter((k) => typeof core[k] !== 'function').sort(), DATA);
  assert.ok(Object.isFrozen(core));
});

test('attention returns output (n x dv) and weights (n x m) as Float64Arrays with rows summing to 1', () => {
  const r = core.attention(testMatrix(4, 3, 1), testMatrix(5, 3, 2), testMatrix(5, 2, 3));
  assert.deepEqual([r.output.rows, r.output.cols, r.weights.rows, r.weights.cols], [4, 2, 4, 5]);
  assert.ok(r.output.data instanceof Float64Array);
  assert.ok(r.weights.data instanceof Float64Array);
  for (const s of rowSumsOf(r.weights)) assert.ok(Math.abs(s - 1) < 1e-12);
  assert.deepEqual(Array.from(r.rowSums, (s) => Math.round(s * 1e9) / 1e9), [1, 1, 1, 1]);
});

test('attention accepts number[] and Float32Array data as well as Float64Array', () => {
  const a = { rows: 2, cols: 2, data: [1, 0, 0, 1] };
  const b = { rows: 2, cols: 2, data: new Float32Array([1, 0, 0, 1]) };
  const r = core.attention(a, b, a);
  assert.ok(Math.abs(r.weights.data[0] - 1 / (1 + Math.exp(-1 / Math.SQRT2))) < 1e-7);
});

test('a mask blocks entries (1 = blocked) and a fully blocked row is zeros, never NaN', () => {
  const mask = { rows: 3, cols: 3, data: [0, 1, 1, 1, 1, 1, 0, 0, 0] };
  const r = core.attention(testMatrix(3, 2, 4), testMatrix(3, 2, 5), testMatrix(3, 2, 6), { mask });
  assert.deepEqual(Array.from(r.weights.data.subarray(0, 6)), [1, 0, 0, 0, 0, 0]);
  assert.deepEqual(Array.from(r.output.data.subarray(2, 4)), [0, 0]);
  assert.ok(r.weights.data.every(Number.isFinite));
  assert.equal(r.rowSums[1], 0);
});

test('scores of magnitude 1e4 still give finite weights', () => {
  const r = core.attention(testMatrix(4, 4, 7, 100), testMatrix(4, 4, 8, 100), testMatrix(4, 1, 9));
  assert.ok(r.weights.data.every(Number.isFinite));
  for (const s of rowSumsOf(r.weights)) assert.ok(Math.abs(s - 1) < 1e-12);
});

test('causalMask(n) has 1 exactly above the diagonal', () => {
  const m = core.causalMask(4);
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) assert.equal(m.data[i * 4 + j], j > i ? 1 : 0);
});

test('outputs are copies: they survive WASM memory growth and later calls', () => {
  const first = core.causalMask(3);
  const before = Array.from(first.data);
  assert.notEqual(first.data.buffer.byteLength, 0);
  core.positionalEncoding(4096, 1024); // 32 MiB: forces memory to grow
  core.causalMask(3).data.fill(7);
  assert.deepEqual(Array.from(first.data), before);
  assert.equal(first.data.buffer.byteLength, 9 * 8);
});

test('pattern options reach the core: window, stride, globals', () => {
  const nonzero = (m, row) => Array.from(m.data.subarray(row * m.cols, (row + 1) * m.cols)).filter((x) => x > 0).length;
  assert.equal(nonzero(core.pattern('local', 20, { window: 7 }), 10), 7);
  assert.equal(nonzero(core.pattern('strided', 12, { stride: 4 }), 5), 3);
  assert.equal(nonzero(core.pattern('global-local', 12, { window: 3, globals: 3 }), 8), 6);
});

test('tokenize splits on whitespace and keeps non-ASCII words whole', () => {
  assert.deepEqual(core.tokenize('  Le  chat\u00a0café 🐈 '), ['Le', 'chat', 'café', '🐈']);
});

test('selfAttention: same word -> same row without position, different with it', () => {
  const words = core.tokenize('the cat saw the dog');
  const plain = core.selfAttention(words, { dModel: 16, seed: 3 });
  const row = (m, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols));
  assert.deepEqual(row(plain.weights, 0), row(plain.weights, 3));
  const withPe = core.selfAttention(words, { dModel: 16, seed: 3, positional: 1 });
  assert.notDeepEqual(row(withPe.weights, 0), row(withPe.weights, 3));
  assert.deepEqual([plain.Q.rows, plain.Q.cols, plain.output.cols], [5, 16, 16]);
});

test('selfAttention is reproducible from its seed and changes with it', () => {
  const words = ['a', 'b', 'c'];
  const a = core.selfAttention(words, { seed: 9 }).weights.data;
  assert.deepEqual(core.selfAttention(words, { seed: 9 }).weights.data, a);
  assert.notDeepEqual(core.selfAttention(words, { seed: 10 }).weights.data, a);
});

test('selfAttention with causal: true has a zero upper triangle', () => {
  const r = core.selfAttention(['a', 'b', 'c', 'd'], { causal: true });
  for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) assert.equal(r.weights.data[i * 4 + j], 0);
});
