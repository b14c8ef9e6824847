// attentionTrace: the pieces the computation strip shows recompose exactly
// into the numbers the heatmaps draw (sections 1, 3 and 6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, testMatrix } from './load.mjs';

const core = await loadCore();
const words = ['the', 'cat', 'sat', 'on', 'the', 'mat'];
const TOL = 1e-12;

const row = (m, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols));
const close = (a, b, what) => assert.ok(Math.abs(a - b) <= TOL, `${what}: ${a} vs ${b}`);

// Softmax over the allowed entries, written out here (not the core's).
function softmax(scores, blocked) {
  const allowed = scores.filter((_, j) => blocked[j] === 0);
  const top = Math.max(...allowed);
  const e = scores.map((s, j) => (blocked[j] === 0 ? Math.exp(s - top) : 0));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

// Every piece of every row of (Q, K, V) against the attention's own scores, weights, output.
function assertRecomposes({ Q, K, V, scores, weights, output }, mask, label) {
  const dK = Q.cols;
  for (let i = 0; i < Q.rows; i++) {
    const t = core.attentionTrace(Q, K, V, i, { mask });
    assert.equal(t.scale, Math.sqrt(dK));
    for (let j = 0; j < K.rows; j++) {
      const products = row(t.products, j);
      const qi = row(Q, i);
      const kj = row(K, j);
      products.forEach((p, c) => assert.equal(p, qi[c] * kj[c], `${label} q_${i} * k_${j}, entry ${c}`));
      const sum = products.reduce((a, b) => a + b, 0);
      close(sum, t.raw[j], `${label} raw ${i},${j}`);
      close(sum / Math.sqrt(dK), scores.data[i * K.rows + j], `${label} sum(q_i * k_j) / sqrt(d_k) vs scores[${i}][${j}]`);
      close(t.scaled[j], scores.data[i * K.rows + j], `${label} scaled ${i},${j}`);
    }
    const expected = softmax(Array.from(t.scaled), Array.from(t.blocked));
    expected.forEach((w, j) => close(w, weights.data[i * K.rows + j], `${label} softmax(row ${i})[${j}] vs weights`));
    row(weights, i).forEach((w, j) => assert.equal(t.weights[j], w, `${label} trace weight ${i},${j} is the heatmap's`));
    for (let c = 0; c < V.cols; c++) {
      let sum = 0;
      for (let j = 0; j < K.rows; j++) {
        close(t.weighted.data[j * V.cols + c], weights.data[i * K.rows + j] * V.data[j * V.cols + c], `${label} w_${i}${j} v_${j}[${c}]`);
        sum += weights.data[i * K.rows + j] * V.data[j * V.cols + c];
      }
      close(sum, output.data[i * V.cols + c], `${label} sum_j w_ij v_j vs output[${i}][${c}]`);
      close(t.output[c], output.data[i * V.cols + c], `${label} trace output ${i}[${c}]`);
    }
  }
}

test('section 1: the trace of every row of selfAttention recomposes its scores, weights and output', () => {
  for (const dModel of [2, 16, 64]) {
    const r = core.selfAttention(words, { dModel, seed: 3 });
    assertRecomposes(r, null, `d=${dModel}`);
  }
});

test('section 3: each head of multiHead recomposes with d_k = d_model / h', () => {
  const r = core.multiHead(words, { dModel: 24, heads: 4, seed: 5 });
  assert.equal(r.dK, 6);
  r.heads.forEach((head, h) => {
    assert.equal(core.attentionTrace(head.Q, head.K, head.V, 0).scale, Math.sqrt(6));
    assertRecomposes(head, null, `head ${h}`);
  });
});

test('section 6: causalAttention returns Q, K, V whose masked trace excludes later keys and recomposes the masked weights', () => {
  const r = core.causalAttention(words, { seed: 9, positional: 1 });
  const masked = core.attention(r.Q, r.K, r.V, { mask: r.mask });
  assert.deepEqual(Array.from(masked.weights.data), Array.from(r.masked.data), 'Q, K, V are the ones behind the masked weights');
  assertRecomposes({ Q: r.Q, K: r.K, V: r.V, ...masked }, r.mask, 'causal');
  const t = core.attentionTrace(r.Q, r.K, r.V, 2, { mask: r.mask });
  assert.deepEqual(Array.from(t.blocked), [0, 0, 0, 1, 1, 1]);
  assert.deepEqual(Array.from(t.weights.subarray(3)), [0, 0, 0], 'blocked keys get weight exactly 0');
  assert.ok(t.scaled.subarray(3).every((s) => s !== 0), 'their scores are still shown (taken before masking)');
  const unmasked = core.attention(r.Q, r.K, r.V);
  assertRecomposes({ Q: r.Q, K: r.K, V: r.V, ...unmasked }, null, 'mask off');
  assert.deepEqual(Array.from(unmasked.weights.data), Array.from(r.unmasked.data));
});

test('attentionTrace works on any Q, K, V: cross-shaped inputs and extreme scales', () => {
  for (const scale of [1, 1e3, 1e-4]) {
    const Q = testMatrix(3, 5, 1, scale);
    const K = testMatrix(7, 5, 2, scale);
    const V = testMatrix(7, 2, 3);
    assertRecomposes({ Q, K, V, ...core.attention(Q, K, V) }, null, `scale ${scale}`);
  }
});

const bad = [
  ['a query past the last row', () => core.attentionTrace(testMatrix(3, 2, 1), testMatrix(3, 2, 2), testMatrix(3, 2, 3), 3), /query must be an integer from 0 to 2; got number 3/],
  ['a fractional query', () => core.attentionTrace(testMatrix(3, 2, 1), testMatrix(3, 2, 2), testMatrix(3, 2, 3), 0.5), /query must be an integer/],
  ['a mask of the wrong shape', () => core.attentionTrace(testMatrix(3, 2, 1), testMatrix(4, 2, 2), testMatrix(4, 2, 3), 0, { mask: core.causalMask(3) }), /mask is 3 x 3; expected 3 x 4/],
  ['K of another width', () => core.attentionTrace(testMatrix(3, 2, 1), testMatrix(3, 4, 2), testMatrix(3, 2, 3), 0), /K is 3 x 4/],
  ['a mask with a 2 in it', () => core.attentionTrace(testMatrix(2, 2, 1), testMatrix(2, 2, 2), testMatrix(2, 2, 3), 0, { mask: { rows: 2, cols: 2, data: [0, 2, 0, 0] } }), /mask must hold only 0/],
];
for (const [what, call, message] of bad) {
  test(`attentionTrace with ${what} throws a named Error and the core keeps working`, () => {
    assert.throws(call, message);
    assert.equal(core.attentionTrace(testMatrix(2, 2, 1), testMatrix(2, 2, 2), testMatrix(2, 2, 3), 1).weights.length, 2);
  });
}
