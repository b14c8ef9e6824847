// core.modelLayers on the shipped model's attention (sections 9, 10 and 12 of
// the trained views): the layer means, the mean weight by offset, the mean
// distance and entropy, the rollout, and bad input.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { loadCore, maxAbsDiff } from './load.mjs';

const require = createRequire(import.meta.url);
const core = await loadCore();
const model = core.loadModel(require('../../dist/atlas-model.js'));
const run = model.run('She was the youngest of the two daughters of a most affectionate father.');

// References written from the header's definitions, on the model's own matrices.
const n = run.tokens.length;
const headMean = (heads) => Float64Array.from({ length: n * n }, (_, k) => heads.reduce((s, A) => s + A.data[k], 0) / heads.length);
const distance = (A) => {
  let total = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) total += A.data[i * n + j] * Math.abs(i - j);
  return total / n;
};
const entropy = (A) => {
  let total = 0;
  for (const w of A.data) if (w > 0) total -= w * Math.log(w);
  return total / n;
};

test('modelLayers averages each layer\'s heads and gives its mean distance and entropy', () => {
  const r = core.modelLayers(run.attention);
  assert.equal(r.mean.length, model.config.layers);
  run.attention.forEach((heads, l) => {
    assert.ok(maxAbsDiff(r.mean[l].data, headMean(heads)) < 1e-12, `layer ${l} mean`);
    const d = heads.reduce((s, A) => s + distance(A), 0) / heads.length;
    const h = heads.reduce((s, A) => s + entropy(A), 0) / heads.length;
    assert.ok(Math.abs(r.meanDistance[l] - d) < 1e-9, `layer ${l} distance`);
    assert.ok(Math.abs(r.meanEntropy[l] - h) < 1e-9, `layer ${l} entropy`);
  });
});

test('modelLayers: entry d of meanByOffset is the mean weight on the key d back, over the queries that have one', () => {
  const r = core.modelLayers(run.attention);
  r.mean.forEach((M, l) => {
    const curve = r.meanByOffset[l];
    assert.equal(curve.length, n);
    for (const d of [0, 1, 5, n - 1]) {
      let sum = 0;
      for (let i = d; i < n; i++) sum += M.data[i * n + (i - d)];
      assert.ok(Math.abs(curve[d] - sum / (n - d)) < 1e-12, `layer ${l}, offset ${d}`);
    }
  });
});

test('modelLayers: the rollout is core.rollout of the layer means, by characters and by words', () => {
  for (const attention of [run.attention, run.words.attention]) {
    const r = core.modelLayers(attention, { residual: 0.3 });
    const direct = core.rollout(r.mean, { residual: 0.3 });
    r.rollout.forEach((R, l) => assert.ok(maxAbsDiff(R.data, direct[l].data) < 1e-12));
  }
});

test('modelLayers refuses what is not [layer][head] of same-size matrices, naming the argument', () => {
  const A = run.attention[0][0];
  assert.throws(() => core.modelLayers([]), /attention must be an array of 1 to 64 layers/);
  assert.throws(() => core.modelLayers([[A], []]), /attention\[1\] must be a non-empty array/);
  assert.throws(() => core.modelLayers([[A, core.causalMask(3)]]), /attention\[0\]\[1\]/);
  assert.throws(() => core.modelLayers([[A]], { residual: 2 }), /residual/);
  assert.equal(core.modelLayers([[A]]).mean.length, 1, 'the core keeps working');
});
