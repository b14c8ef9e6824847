// layerEvolution and rollout through the public JS API (sections 10 and 12).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, maxAbsDiff } from './load.mjs';

const core = await loadCore();

const rowSums = (m) => Array.from({ length: m.rows }, (_, i) =>
  m.data.subarray(i * m.cols, (i + 1) * m.cols).reduce((a, b) => a + b, 0));
const softmaxRow = (s) => {
  const top = Math.max(...s);
  const e = s.map((x) => Math.exp(x - top));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / z);
};
const matmul = (a, b, n) => Float64Array.from({ length: n * n }, (_, k) => {
  const [i, j] = [Math.floor(k / n), k % n];
  let acc = 0;
  for (let t = 0; t < n; t++) acc += a[i * n + t] * b[t * n + j];
  return acc;
});
const halfResidual = (w, n) => Float64Array.from(w, (x, k) => 0.5 * x + (Math.floor(k / n) === k % n ? 0.5 : 0));

test('layerEvolution(n) returns six n x n layers with rows summing to 1, names and per-layer stats', () => {
  const r = core.layerEvolution(6, { seed: 3, noise: 0.7 });
  assert.equal(r.layers.length, 6);
  assert.equal(r.rollout.length, 6);
  assert.deepEqual(r.names, ['self', 'neighbours', 'previous word', 'sentence ends', 'broad', 'near-uniform']);
  for (const m of [...r.layers, ...r.rollout]) {
    assert.deepEqual([m.rows, m.cols], [6, 6]);
    for (const s of rowSums(m)) assert.ok(Math.abs(s - 1) < 1e-12);
  }
  assert.ok(r.meanDistance instanceof Float64Array && r.meanDistance.length === 6);
  assert.ok(r.meanEntropy instanceof Float64Array && r.meanEntropy.length === 6);
  assert.ok(Math.abs(r.maxEntropy - Math.log(6)) < 1e-15);
  assert.ok(Math.abs(r.uniformDistance - 35 / 18) < 1e-14);
});

test('layerEvolution statistics agree with the formulas applied to the returned layers', () => {
  const n = 5;
  const r = core.layerEvolution(n, { seed: 8, noise: 1.5 });
  r.layers.forEach((m, l) => {
    let dist = 0;
    let ent = 0;
    m.data.forEach((w, k) => {
      dist += w * Math.abs(Math.floor(k / n) - (k % n));
      if (w > 0) ent -= w * Math.log(w);
    });
    assert.ok(Math.abs(r.meanDistance[l] - dist / n) < 1e-12, `distance of layer ${l + 1}`);
    assert.ok(Math.abs(r.meanEntropy[l] - ent / n) < 1e-12, `entropy of layer ${l + 1}`);
  });
});

test('without noise, layer 3 is the softmax of 4 on the previous word, 1.5 on itself and -6 elsewhere', () => {
  const r = core.layerEvolution(4, { noise: 0 });
  const expected = softmaxRow([4, 1.5, -6, -6]);
  assert.ok(maxAbsDiff(r.layers[2].data.subarray(4, 8), expected) < 1e-14);
  assert.ok(r.layers[5].data.every((w) => Math.abs(w - 0.25) < 1e-15), 'layer 6 is uniform');
});

test('at 64 words and the default noise, layer 3 still puts at least 0.8 on the previous word', () => {
  const n = 64;
  const r = core.layerEvolution(n);
  let previous = 0;
  for (let i = 1; i < n; i++) previous += r.layers[2].data[i * n + i - 1];
  assert.ok(previous / (n - 1) >= 0.8, `mean previous-word weight ${previous / (n - 1)}`);
  assert.ok(r.meanDistance[2] < r.meanDistance[4], 'layer 3 is more local than layer 5');
  assert.ok(r.meanEntropy[2] < r.meanEntropy[1], 'layer 3 is more focused than layer 2');
});

test('the rollout returned with the layers is the product of (0.5 W + 0.5 I), latest layer on the left', () => {
  const n = 4;
  const r = core.layerEvolution(n, { seed: 5, noise: 1 });
  let expected = halfResidual(r.layers[0].data, n);
  assert.ok(maxAbsDiff(r.rollout[0].data, expected) < 1e-14);
  for (let l = 1; l < 6; l++) {
    expected = matmul(halfResidual(r.layers[l].data, n), expected, n);
    assert.ok(maxAbsDiff(r.rollout[l].data, expected) < 1e-12, `R_${l + 1}`);
  }
  assert.ok(maxAbsDiff(core.rollout(r.layers).at(-1).data, r.rollout[5].data) < 1e-15);
});

test('rollout of an identity layer is the identity; residual 1 gives the plain product', () => {
  const I = { rows: 3, cols: 3, data: [1, 0, 0, 0, 1, 0, 0, 0, 1] };
  assert.deepEqual(Array.from(core.rollout([I])[0].data), I.data);
  const shift = { rows: 3, cols: 3, data: [1, 0, 0, 1, 0, 0, 0, 1, 0] };
  const [, two] = core.rollout([shift, shift], { residual: 1 });
  assert.deepEqual(Array.from(two.data), [1, 0, 0, 1, 0, 0, 1, 0, 0]);
});

test('the same seed gives the same layers; another seed other layers', () => {
  const a = core.layerEvolution(5, { seed: 11, noise: 1 });
  const b = core.layerEvolution(5, { seed: 11, noise: 1 });
  const c = core.layerEvolution(5, { seed: 12, noise: 1 });
  assert.deepEqual(a.layers[0].data, b.layers[0].data);
  assert.ok(maxAbsDiff(a.layers[0].data, c.layers[0].data) > 1e-6);
});

const I2 = { rows: 2, cols: 2, data: [1, 0, 0, 1] };
const bad = [
  ['layerEvolution with n 0', () => core.layerEvolution(0), /n must be an integer from 1 to 64/],
  ['layerEvolution with n 65', () => core.layerEvolution(65), /n must be an integer from 1 to 64; got number 65/],
  ['layerEvolution with noise 4', () => core.layerEvolution(3, { noise: 4 }), /noise must be a finite number from 0 to 3/],
  ['layerEvolution with a string seed', () => core.layerEvolution(3, { seed: 'x' }), /seed must be an integer/],
  ['layerEvolution with options null', () => core.layerEvolution(3, null), /options must be an object/],
  ['rollout of no layers', () => core.rollout([]), /layers must be an array of 1 to 64 matrices/],
  ['rollout of a non-array', () => core.rollout(I2), /layers must be an array/],
  ['rollout of layers of different sizes', () => core.rollout([I2, { rows: 3, cols: 3, data: [1, 0, 0, 0, 1, 0, 0, 0, 1] }]), /layers\[1\] is 3 x 3; expected 2 x 2/],
  ['rollout of a row that does not sum to 1', () => core.rollout([{ rows: 2, cols: 2, data: [0.5, 0, 0, 1] }]), /layers\[0\] row 0 is not a probability distribution/],
  ['rollout of a short data array', () => core.rollout([{ rows: 2, cols: 2, data: [1, 0, 0] }]), /layers\[0\]\.data must hold rows \* cols = 4 numbers/],
  ['rollout with residual 2', () => core.rollout([I2], { residual: 2 }), /residual must be a finite number from 0 to 1/],
];
for (const [what, call, message] of bad) {
  test(`throws a named Error for ${what}, and the core still works`, () => {
    assert.throws(call, (error) => error instanceof Error && message.test(error.message));
    assert.equal(core.layerEvolution(2).layers.length, 6);
  });
}
