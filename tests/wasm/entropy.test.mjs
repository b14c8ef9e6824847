// focusRows, dirichletRows and temperatureRow through the public JS API (section 11).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, maxAbsDiff } from './load.mjs';

const core = await loadCore();
const rowEntropy = (w) => w.reduce((h, x) => (x > 0 ? h - x * Math.log(x) : h), 0);

test('focusRows(n): one-hot, halving and uniform rows with entropy 0, in between and ln n', () => {
  const r = core.focusRows(5);
  assert.deepEqual([r.weights.rows, r.weights.cols], [3, 5]);
  assert.deepEqual(r.names, ['focused', 'moderate', 'uniform']);
  assert.deepEqual(Array.from(r.weights.data.subarray(0, 5)), [0, 0, 1, 0, 0]);
  const moderate = [0.25, 0.5, 1, 0.5, 0.25].map((x) => x / 2.5);
  assert.ok(maxAbsDiff(r.weights.data.subarray(5, 10), moderate) < 1e-15);
  assert.equal(r.entropy[0], 0);
  assert.ok(Math.abs(r.entropy[1] - rowEntropy(moderate)) < 1e-14);
  assert.ok(Math.abs(r.entropy[2] - Math.log(5)) < 1e-14);
  assert.ok(Math.abs(r.maxEntropy - Math.log(5)) < 1e-15);
});

test('dirichletRows: rows sum to 1, entries average 1/n over many draws, entropies match the rows', () => {
  const n = 6;
  const r = core.dirichletRows(3000, n, { concentration: 0.5, seed: 4 });
  const colMeans = new Float64Array(n);
  for (let i = 0; i < 3000; i++) {
    const row = r.weights.data.subarray(i * n, (i + 1) * n);
    assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    row.forEach((w, j) => { colMeans[j] += w / 3000; });
    if (i < 20) assert.ok(Math.abs(r.entropy[i] - rowEntropy(row)) < 1e-12);
  }
  // Dir(0.5) over 6 keys: sd of an entry 0.18, so a mean of 3000 is within 0.02 of 1/6 (6 sd).
  for (const m of colMeans) assert.ok(Math.abs(m - 1 / n) < 0.02, `column mean ${m}`);
  assert.ok(Math.abs(r.maxEntropy - Math.log(n)) < 1e-15);
});

test('dirichletRows: a higher concentration gives rows closer to uniform (higher mean entropy)', () => {
  const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const spiky = mean(core.dirichletRows(300, 8, { concentration: 0.1, seed: 1 }).entropy);
  const flat = mean(core.dirichletRows(300, 8, { concentration: 50, seed: 1 }).entropy);
  assert.ok(spiky < flat);
  assert.ok(flat > Math.log(8) - 0.1);
});

test('temperatureRow: softmax of a 2 .. -2 ramp divided by T, entropy rising with T', () => {
  const n = 5;
  const ramp = [2, 1, 0, -1, -2];
  let previous = -1;
  for (const T of [0.001, 0.05, 0.2, 1, 5, 50, 1000]) {
    const r = core.temperatureRow(n, T);
    assert.deepEqual(Array.from(r.scores.data), ramp);
    const top = Math.max(...ramp.map((s) => s / T));
    const e = ramp.map((s) => Math.exp(s / T - top));
    const expected = e.map((x) => x / e.reduce((a, b) => a + b, 0));
    assert.ok(maxAbsDiff(r.weights.data, expected) < 1e-13, `weights at T = ${T}`);
    assert.ok(r.entropy > previous, `entropy rises at T = ${T}`);
    previous = r.entropy;
  }
  assert.ok(core.temperatureRow(n, 0.001).entropy < 1e-12);
  assert.ok(Math.abs(previous - Math.log(n)) < 1e-4);
});

const bad = [
  ['focusRows(0)', () => core.focusRows(0), /n must be an integer from 1 to 4096/],
  ['focusRows(2.5)', () => core.focusRows(2.5), /n must be an integer/],
  ['dirichletRows with 0 rows', () => core.dirichletRows(0, 5), /rows must be an integer from 1/],
  ['dirichletRows with concentration 0', () => core.dirichletRows(2, 5, { concentration: 0 }), /concentration must be a finite number from 0.01 to 1000/],
  ['dirichletRows with concentration NaN', () => core.dirichletRows(2, 5, { concentration: NaN }), /concentration must be a finite number/],
  ['dirichletRows with a negative seed', () => core.dirichletRows(2, 5, { seed: -1 }), /seed must be an integer from 0/],
  ['temperatureRow with T 0', () => core.temperatureRow(5, 0), /temperature must be a finite number from 0.001 to 1000; got number 0/],
  ['temperatureRow with T missing', () => core.temperatureRow(5), /temperature must be a finite number/],
  ['temperatureRow with n 0', () => core.temperatureRow(0, 1), /n must be an integer/],
];
for (const [what, call, message] of bad) {
  test(`throws a named Error for ${what}, and the core still works`, () => {
    assert.throws(call, (error) => error instanceof Error && message.test(error.message));
    assert.equal(core.focusRows(3).weights.rows, 3);
  });
}
