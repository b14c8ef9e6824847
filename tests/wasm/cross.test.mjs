// crossAttention: the JS API of section 7, checked against the formula
// written out here, and its bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';

const core = await loadCore();
const target = ['le', 'chat', 'dort'];
const source = ['the', 'cat', 'is', 'asleep', 'now'];
const row = (m, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols));

test('crossAttention: Q is n_t x d, K and V are n_s x d, weights n_t x n_s, output n_t x d', () => {
  const r = core.crossAttention(target, source, { dModel: 8, seed: 2 });
  assert.deepEqual([r.Q.rows, r.Q.cols], [3, 8]);
  assert.deepEqual([r.K.rows, r.K.cols, r.V.rows, r.V.cols], [5, 8, 5, 8]);
  assert.deepEqual([r.weights.rows, r.weights.cols], [3, 5]);
  assert.deepEqual([r.output.rows, r.output.cols], [3, 8]);
  assert.equal(r.rowSums.length, 3);
  for (const s of r.rowSums) assert.ok(Math.abs(s - 1) < 1e-12);
});

test('crossAttention weights equal softmax(Q K^T / sqrt(d)) computed here from the returned Q and K', () => {
  const d = 16;
  const r = core.crossAttention(target, source, { dModel: d, seed: 4 });
  for (let i = 0; i < 3; i++) {
    const q = row(r.Q, i);
    const scores = Array.from({ length: 5 }, (_, j) => row(r.K, j).reduce((s, k, c) => s + k * q[c], 0) / Math.sqrt(d));
    const top = Math.max(...scores);
    const e = scores.map((s) => Math.exp(s - top));
    const sum = e.reduce((a, b) => a + b, 0);
    row(r.weights, i).forEach((w, j) => assert.ok(Math.abs(w - e[j] / sum) < 1e-12, `row ${i} col ${j}`));
  }
});

test('crossAttention defaults to dModel 16 and seed 1, and the seed changes the weights', () => {
  const a = core.crossAttention(target, source);
  assert.equal(a.Q.cols, 16);
  assert.deepEqual(core.crossAttention(target, source, { dModel: 16, seed: 1 }).weights.data, a.weights.data);
  assert.notDeepEqual(core.crossAttention(target, source, { seed: 2 }).weights.data, a.weights.data);
});

test('crossAttention: changing the source leaves Q alone', () => {
  const a = core.crossAttention(target, source, { seed: 3 });
  const b = core.crossAttention(target, ['a', 'dog'], { seed: 3 });
  assert.deepEqual(b.Q.data, a.Q.data);
  assert.equal(b.weights.cols, 2);
});

const bad = [
  ['an empty source', () => core.crossAttention(target, []), /source must be an array of 1 to 64 words/],
  ['an empty target', () => core.crossAttention([], source), /target must be an array of 1 to 64 words/],
  ['65 source words', () => core.crossAttention(target, Array(65).fill('w')), /source must be an array of 1 to 64 words; got an array of length 65/],
  ['an empty word in the target', () => core.crossAttention(['a', ''], source), /target\[1\] must be a non-empty string/],
  ['a source that is a string', () => core.crossAttention(target, 'the cat'), /source must be an array/],
  ['dModel 0', () => core.crossAttention(target, source, { dModel: 0 }), /dModel must be an integer from 1 to 1024/],
  ['a fractional seed', () => core.crossAttention(target, source, { seed: 1.5 }), /seed must be an integer/],
  ['options that are not an object', () => core.crossAttention(target, source, 7), /options must be an object/],
];
for (const [what, call, message] of bad) {
  test(`crossAttention throws a named Error for ${what}, and the core still works`, () => {
    assert.throws(call, (e) => e instanceof Error && message.test(e.message));
    assert.equal(core.crossAttention(['a'], ['b']).weights.data[0], 1);
  });
}
