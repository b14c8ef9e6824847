// The core against our own plain-JS transcriptions of the notebook's NumPy
// formulas (each within 1e-5, TOL below). These references are written from
// the formulas, not from the core's output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, testMatrix, maxAbsDiff } from './load.mjs';

const core = await loadCore();
const TOL = 1e-5;

// get_positional_encoding: div_term = exp(arange(0, d, 2) * -(ln 10000 / d))
function referencePE(n, d) {
  const out = new Float64Array(n * d);
  for (let p = 0; p < n; p++) {
    for (let c = 0; c < d; c += 2) {
      const div = Math.exp(c * -(Math.log(10000) / d));
      out[p * d + c] = Math.sin(p * div);
      if (c + 1 < d) out[p * d + c + 1] = Math.cos(p * div);
    }
  }
  return out;
}

// scaled_dot_product_attention: softmax(Q K^T / sqrt(d_k) + mask * -1e9)
function referenceWeights(Q, K, mask) {
  const n = Q.rows, m = K.rows, d = Q.cols;
  const w = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    const row = [];
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let c = 0; c < d; c++) s += Q.data[i * d + c] * K.data[j * d + c];
      row.push(s / Math.sqrt(d) + (mask ? mask[i * m + j] * -1e9 : 0));
    }
    const top = Math.max(...row);
    const e = row.map((s) => Math.exp(s - top));
    const sum = e.reduce((a, b) => a + b, 0);
    e.forEach((x, j) => { w[i * m + j] = x / sum; });
  }
  return w;
}

function normalised(n, fill) {
  const m = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => fill(i, j)));
  return Float64Array.from(m.flatMap((row) => {
    const s = row.reduce((a, b) => a + b, 0);
    return row.map((x) => x / s);
  }));
}

// create_attention_patterns() at seq_len = 10, window_size = 3, stride 2.
function referencePattern(name, n = 10) {
  const local = (i, j) => (j >= Math.max(0, i - 1) && j < Math.min(n, i + 2) ? 1 : 0);
  switch (name) {
    case 'uniform': return normalised(n, () => 1);
    case 'self-focus': return normalised(n, (i, j) => (i === j ? 0.8 : 0) + 0.02);
    case 'causal': return normalised(n, (i, j) => (j <= i ? 1 : 0));
    case 'local': return normalised(n, local);
    case 'strided': return normalised(n, (i, j) => (j % 2 === 0 ? 1 : 0));
    case 'global-local': return normalised(n, (i, j) => (i === 0 || j === 0 ? 1 : local(i, j)));
    default: throw new Error(name);
  }
}

test('positionalEncoding(50, 128) matches the notebook formula within 1e-5', () => {
  const pe = core.positionalEncoding(50, 128);
  assert.equal(pe.rows, 50);
  assert.equal(pe.cols, 128);
  assert.ok(maxAbsDiff(pe.data, referencePE(50, 128)) < TOL);
});

test('positionalEncoding with odd d matches the reference too', () => {
  assert.ok(maxAbsDiff(core.positionalEncoding(7, 9).data, referencePE(7, 9)) < TOL);
});

test('attention weights match the notebook formula, with and without a causal mask', () => {
  const Q = testMatrix(6, 8, 1), K = testMatrix(6, 8, 2), V = testMatrix(6, 4, 3);
  assert.ok(maxAbsDiff(core.attention(Q, K, V).weights.data, referenceWeights(Q, K)) < TOL);
  const mask = core.causalMask(6);
  const masked = core.attention(Q, K, V, { mask }).weights.data;
  assert.ok(maxAbsDiff(masked, referenceWeights(Q, K, mask.data)) < TOL);
});

test('cross-attention shapes (n != m) match the reference', () => {
  const Q = testMatrix(3, 5, 4), K = testMatrix(7, 5, 5), V = testMatrix(7, 2, 6);
  const r = core.attention(Q, K, V);
  assert.deepEqual([r.weights.rows, r.weights.cols, r.output.rows, r.output.cols], [3, 7, 3, 2]);
  assert.ok(maxAbsDiff(r.weights.data, referenceWeights(Q, K)) < TOL);
});

for (const name of ['uniform', 'self-focus', 'causal', 'local', 'strided', 'global-local']) {
  test(`pattern('${name}', 10) matches the notebook's definition`, () => {
    const p = core.pattern(name, 10);
    assert.deepEqual([p.rows, p.cols], [10, 10]);
    assert.ok(maxAbsDiff(p.data, referencePattern(name)) < TOL);
  });
}

test('entropy of reference rows: uniform = ln n, one-hot = 0', () => {
  const h = core.entropy({ rows: 2, cols: 4, data: [0.25, 0.25, 0.25, 0.25, 0, 1, 0, 0] });
  assert.ok(Math.abs(h[0] - Math.log(4)) < 1e-12);
  assert.equal(h[1], 0);
});
