// rotary and rotaryLesson: section 14's JS API against the formulas written out
// here (independent of the core), its invariants, and its bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, testMatrix } from './load.mjs';

const core = await loadCore();
const cell = (m, i, j) => m.data[i * m.cols + j];

test('rotary turns each pair (2i, 2i+1) by position * base^(-2i/d), divided by the scale', () => {
  const X = testMatrix(3, 6, 5);
  const positions = [0, 7, 250];
  for (const [base, scale] of [[10000, 1], [500000, 1], [100, 4]]) {
    const R = core.rotary(X, positions, { base, scale });
    assert.deepEqual([R.rows, R.cols], [3, 6]);
    for (let r = 0; r < 3; r++) {
      for (let i = 0; i < 3; i++) {
        const angle = (positions[r] / scale) * base ** (-2 * i / 6);
        const [x0, x1] = [cell(X, r, 2 * i), cell(X, r, 2 * i + 1)];
        assert.ok(Math.abs(cell(R, r, 2 * i) - (Math.cos(angle) * x0 - Math.sin(angle) * x1)) < 1e-12);
        assert.ok(Math.abs(cell(R, r, 2 * i + 1) - (Math.sin(angle) * x0 + Math.cos(angle) * x1)) < 1e-12);
      }
    }
  }
});

test('rotary keeps norms, and the score of two rotated rows depends only on their offset', () => {
  const q = testMatrix(1, 16, 1), k = testMatrix(1, 16, 2);
  const dot = (a, b) => a.data.reduce((s, v, i) => s + v * b.data[i], 0);
  const score = (m, n) => dot(core.rotary(q, [m]), core.rotary(k, [n]));
  assert.ok(Math.abs(score(9, 4) - score(1009, 1004)) < 1e-10);
  assert.ok(Math.abs(score(9, 4) - score(5, 0)) < 1e-12);
  assert.ok(Math.abs(dot(core.rotary(q, [123]), core.rotary(q, [123])) - dot(q, q)) < 1e-12);
});

test('rotaryLesson: constant diagonals at any offset, RoPE and ALiBi by distance unmoved by the offset', () => {
  const a = core.rotaryLesson({ d: 32, offset: 0 });
  const b = core.rotaryLesson({ d: 32, offset: 2000 });
  for (const r of [a, b]) {
    assert.deepEqual([r.scores.rows, r.scores.cols], [16, 16]);
    assert.ok(r.diagonalSpread >= 0 && r.diagonalSpread < 1e-12, `spread ${r.diagonalSpread}`);
    assert.equal(r.q.length, 32);
    assert.equal(r.theta.length, 16);
    assert.equal(r.decayBound.length, 257);
    assert.ok(Math.abs(r.decayBound[0] - 8.5) < 1e-12, '(d/2 + 1) / 2 at offset 0');
  }
  // decayOffsets 0: the same lesson without the bound (section 14 asks for it once per d, base and scale).
  const c = core.rotaryLesson({ d: 32, offset: 0, decayOffsets: 0 });
  assert.equal(c.decayBound.length, 0);
  assert.deepEqual([...c.scores.data], [...a.scores.data]);
  assert.throws(() => core.rotaryLesson({ decayOffsets: -1 }), (e) => e.field === 'decayOffsets');
  for (let r = 0; r < 16; r++) {
    assert.ok(Math.abs(a.byDistance.rope[r] - b.byDistance.rope[r]) < 1e-10);
    assert.equal(a.byDistance.alibi[r], b.byDistance.alibi[r]);
    assert.ok(Math.abs(a.byDistance.alibi[0] - a.byDistance.alibi[r] - r / 2) < 1e-12);
  }
  const moved = a.byDistance.sinusoidal.some((v, r) => Math.abs(v - b.byDistance.sinusoidal[r]) > 1e-3);
  assert.ok(moved, 'the sinusoidal scores depend on the absolute position');
  // The pair is q's own pair at position 0, on its circle after.
  const p = core.rotaryLesson({ d: 8, pair: 2 });
  assert.equal(cell(p.qPair, 0, 0), p.q[4]);
  const radius = Math.hypot(p.q[4], p.q[5]);
  for (let i = 0; i < 16; i++) assert.ok(Math.abs(Math.hypot(cell(p.qPair, i, 0), cell(p.qPair, i, 1)) - radius) < 1e-12);
});

test('rotaryLesson: the same seed gives the same numbers, another seed other content', () => {
  const a = core.rotaryLesson({ seed: 4 });
  assert.deepEqual(Array.from(core.rotaryLesson({ seed: 4 }).q), Array.from(a.q));
  assert.notDeepEqual(Array.from(core.rotaryLesson({ seed: 5 }).q), Array.from(a.q));
});

const fails = (fn, field, pattern) => assert.throws(fn, (e) => e instanceof Error && e.field === field && pattern.test(e.message));

test('bad input: odd d, base <= 1, out-of-range pair, offset, scale: Errors that name the option in error.field', () => {
  fails(() => core.rotaryLesson({ d: 15 }), 'd', /^d must be even/);
  fails(() => core.rotaryLesson({ base: 1 }), 'base', /^base must be .* greater than 1/);
  fails(() => core.rotaryLesson({ base: -5 }), 'base', /^base/);
  fails(() => core.rotaryLesson({ base: NaN }), 'base', /^base/);
  fails(() => core.rotaryLesson({ d: 8, pair: 4 }), 'pair', /^pair must be an integer from 0 to 3/);
  fails(() => core.rotaryLesson({ offset: 4090 }), 'offset', /^offset must be an integer from 0 to 4080/);
  fails(() => core.rotaryLesson({ scale: 0.5 }), 'scale', /^scale/);
  fails(() => core.rotaryLesson({ seed: -1 }), 'seed', /^seed/);
  fails(() => core.rotary(testMatrix(2, 5, 1), [0, 1]), 'X', /^X must have an even number of columns/);
  fails(() => core.rotary(testMatrix(2, 4, 1), [0]), 'positions', /^positions must hold one number per row of X \(2\)/);
  fails(() => core.rotary(testMatrix(2, 4, 1), [0, 1], { base: 0.5 }), 'base', /^base/);
  fails(() => core.rotary(testMatrix(2, 4, 1), [0, NaN]), 'positions', /positions/);
  assert.equal(core.rotaryLesson().scores.rows, 16, 'the core works afterwards');
});
