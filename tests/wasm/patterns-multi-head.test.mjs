// patternSet and multiHead through the public JS API: results checked against
// closed forms and a plain-JS reference written from the formulas, then every
// bad input throws a named Error and the core keeps working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, maxAbsDiff } from './load.mjs';

const core = await loadCore();
const words = ['the', 'cat', 'sat', 'on', 'the', 'mat'];

const row = (m, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols));
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

// softmax(Q K^T / sqrt(d_k)) row by row, written from the formula.
function referenceWeights(Q, K) {
  const out = [];
  for (let i = 0; i < Q.rows; i++) {
    const s = Array.from({ length: K.rows }, (_, j) =>
      sum(row(Q, i).map((q, c) => q * K.data[j * K.cols + c])) / Math.sqrt(Q.cols));
    const top = Math.max(...s);
    const e = s.map((x) => Math.exp(x - top));
    out.push(...e.map((x) => x / sum(e)));
  }
  return out;
}

test('patternSet returns every pattern in gallery order, n x n, with counts of its non-zeros', () => {
  const set = core.patternSet(10);
  assert.deepEqual(set.map((p) => p.name),
    ['uniform', 'self-focus', 'causal', 'local', 'strided', 'strided-relative', 'global-local']);
  for (const p of set) {
    assert.deepEqual([p.weights.rows, p.weights.cols, p.total], [10, 10, 100], p.name);
    assert.equal(p.computed, p.weights.data.filter((x) => x > 0).length, p.name);
    assert.equal(p.fraction, p.computed / 100, p.name);
    assert.deepEqual(Array.from(p.mask.data), Array.from(p.weights.data, (w) => (w > 0 ? 0 : 1)), p.name);
  }
  // Closed forms at n = 10, window 3, stride 2, 1 global token.
  const counts = Object.fromEntries(set.map((p) => [p.name, p.computed]));
  assert.deepEqual(counts, {
    uniform: 100, 'self-focus': 100, causal: 55, local: 10 * 3 - 2, strided: 10 * 5,
    // row i: min(i + 1, 2) window keys + floor(i / 2) earlier strided keys
    'strided-relative': 1 + 2 * 9 + (0 + 0 + 1 + 1 + 2 + 2 + 3 + 3 + 4 + 4),
    // row 0 and column 0 (19) + the band inside the 9 x 9 block (9 * 3 - 2)
    'global-local': 19 + 25,
  });
});

test('patternSet options reach the core, and names picks a subset in its order', () => {
  const [local, strided, gl] = core.patternSet(20, { window: 7, stride: 4, globals: 3, names: ['local', 'strided', 'global-local'] });
  assert.equal(local.name, 'local');
  assert.equal(local.computed, 20 * 7 - 2 * (1 + 2 + 3)); // band |i - j| <= 3
  assert.equal(strided.computed, 20 * 5);                  // columns 0, 4, 8, 12, 16
  assert.equal(gl.computed, 400 - 17 * 17 + (17 * 7 - 12));
  assert.deepEqual(core.patternSet(4, { names: ['causal'] }).map((p) => p.computed), [10]);
});

test('multiHead: h panels of n x n weights whose rows sum to 1, and the documented shapes', () => {
  for (const heads of [1, 2, 4, 8]) {
    const r = core.multiHead(words, { dModel: 16, heads, seed: 3 });
    assert.equal(r.dK, 16 / heads);
    assert.equal(r.heads.length, heads);
    assert.deepEqual([r.X.rows, r.X.cols, r.concat.rows, r.concat.cols, r.output.rows, r.output.cols], [6, 16, 6, 16, 6, 16]);
    for (const h of r.heads) {
      assert.deepEqual([h.Q.rows, h.Q.cols, h.V.cols, h.output.cols], [6, 16 / heads, 16 / heads, 16 / heads]);
      assert.deepEqual([h.weights.rows, h.weights.cols], [6, 6]);
      for (let i = 0; i < 6; i++) assert.ok(Math.abs(sum(row(h.weights, i)) - 1) < 1e-12);
      assert.ok(h.weights.data instanceof Float64Array);
    }
  }
});

test('multiHead: each head is softmax(Q_h K_h^T / sqrt(d_k)), and concat holds W_h V_h side by side', () => {
  const r = core.multiHead(words, { dModel: 12, heads: 3, seed: 9 });
  r.heads.forEach((h, k) => {
    assert.ok(maxAbsDiff(h.weights.data, referenceWeights(h.Q, h.K)) < 1e-12, `head ${k} weights`);
    for (let i = 0; i < 6; i++) {
      const wv = Array.from({ length: 4 }, (_, c) => sum(row(h.weights, i).map((w, j) => w * h.V.data[j * 4 + c])));
      assert.ok(maxAbsDiff(row(r.concat, i).slice(4 * k, 4 * k + 4), wv) < 1e-12, `head ${k} row ${i}`);
    }
  });
});

test('multiHead with one head equals selfAttention for the same seed and d_model', () => {
  const single = core.selfAttention(words, { dModel: 16, seed: 5 });
  const multi = core.multiHead(words, { dModel: 16, heads: 1, seed: 5 });
  assert.ok(maxAbsDiff(multi.heads[0].weights.data, single.weights.data) < 1e-13);
  assert.ok(maxAbsDiff(multi.concat.data, single.output.data) < 1e-13);
});

test('changing the number of heads regroups the same projected columns; a new seed changes them', () => {
  const one = core.multiHead(words, { dModel: 8, heads: 1, seed: 2 });
  const four = core.multiHead(words, { dModel: 8, heads: 4, seed: 2 });
  four.heads.forEach((h, k) => {
    for (let i = 0; i < 6; i++) assert.ok(maxAbsDiff(row(h.Q, i), row(one.heads[0].Q, i).slice(2 * k, 2 * k + 2)) < 1e-14);
  });
  const other = core.multiHead(words, { dModel: 8, heads: 4, seed: 3 });
  assert.ok(maxAbsDiff(other.heads[0].weights.data, four.heads[0].weights.data) > 1e-3);
});

test('multiHead causal: every head has an upper triangle of zeros', () => {
  const r = core.multiHead(words, { dModel: 8, heads: 2, causal: true });
  for (const h of r.heads) {
    for (let i = 0; i < 6; i++) assert.deepEqual(row(h.weights, i).slice(i + 1), Array(5 - i).fill(0));
  }
});

const bad = [
  ['dModel 10 with 4 heads', () => core.multiHead(words, { dModel: 10, heads: 4 }), /d_model \(10\) must be a multiple of heads \(4\)/],
  ['dModel 16 with 3 heads', () => core.multiHead(words, { dModel: 16, heads: 3 }), /d_model \(16\) must be a multiple of heads \(3\)/],
  ['more heads than dModel', () => core.multiHead(words, { dModel: 4, heads: 8 }), /heads must be an integer from 1 to 4; got 8/],
  ['heads 0', () => core.multiHead(words, { heads: 0 }), /heads must be an integer from 1 to 1024/],
  ['heads 2.5', () => core.multiHead(words, { heads: 2.5 }), /heads must be an integer/],
  ['dModel as a string', () => core.multiHead(words, { dModel: '16' }), /dModel must be an integer from 1 to 1024; got string 16/],
  ['a negative seed', () => core.multiHead(words, { seed: -1 }), /seed must be an integer from 0 to 4294967295/],
  ['no words', () => core.multiHead([]), /words must be an array of 1 to 64 words/],
  ['options that are not an object', () => core.multiHead(words, 4), /options must be an object/],
  ['patternSet with n = 0', () => core.patternSet(0), /n must be an integer from 1 to 4096/],
  ['patternSet with window 0', () => core.patternSet(8, { window: 0 }), /window must be an integer from 1 to 4096/],
  ['patternSet with stride NaN', () => core.patternSet(8, { stride: NaN }), /stride must be an integer/],
  ['patternSet with more globals than tokens', () => core.patternSet(4, { globals: 6 }), /globals must be an integer from 0 to 4; got 6/],
  ['patternSet with an unknown name', () => core.patternSet(4, { names: ['local', 'banded'] }), /pattern name 'banded' is unknown/],
  ['patternSet with an empty names list', () => core.patternSet(4, { names: [] }), /names must be a non-empty array of pattern names/],
  ['patternSet with names that are not strings', () => core.patternSet(4, { names: [3] }), /names must be a non-empty array/],
  // Refused before anything is allocated (it would need ~2.4 GB, and WASM memory never shrinks).
  ['every pattern at n = 4096', () => core.patternSet(4096), /^n = 4096 with \d patterns is \d+ weights, more than one call returns \(16777216\); ask for a smaller n or fewer names$/],
];

for (const [what, call, message] of bad) {
  test(`throws a named Error for ${what}, and the core still works`, () => {
    assert.throws(call, (error) => error instanceof Error && message.test(error.message));
    assert.equal(core.patternSet(3, { names: ['causal'] })[0].computed, 6);
    assert.equal(core.multiHead(['a', 'b'], { dModel: 4, heads: 2 }).heads.length, 2);
  });
}
