// Sections 17 and 18 through the public JS API: tiled attention against plain
// attention, its trace, the memory and slow-memory counts, window masks and the
// receptive field, and the errors (with error.field) a learner's typo gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, testMatrix, maxAbsDiff } from './load.mjs';

const core = await loadCore();

// A causal mask written out here, not the core's.
function causal(n) {
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) data[i * n + j] = 1;
  return { rows: n, cols: n, data };
}

test('attentionTiled equals attention within 1e-12, with and without a mask, for blocks that do and do not divide n', () => {
  const Q = testMatrix(37, 16, 1), K = testMatrix(37, 16, 2), V = testMatrix(37, 5, 3);
  for (const mask of [null, causal(37)]) {
    const plain = core.attention(Q, K, V, mask ? { mask } : undefined).output.data;
    for (const [blockRows, blockCols] of [[8, 8], [5, 7], [37, 37], [1, 64], [64, 3]]) {
      const r = core.attentionTiled(Q, K, V, { blockRows, blockCols, mask });
      assert.ok(maxAbsDiff(r.output.data, plain) < 1e-12, `${blockRows} x ${blockCols}, mask ${Boolean(mask)}`);
      assert.equal(r.tiles, Math.ceil(37 / blockRows) * Math.ceil(37 / blockCols));
      assert.equal(r.trace, null, 'no trace unless asked for');
    }
  }
});

test('attentionTiled: its trace ends at the output, and a causal mask skips the tiles above the diagonal', () => {
  const n = 12;
  const Q = testMatrix(n, 4, 4), K = testMatrix(n, 4, 5), V = testMatrix(n, 3, 6);
  const r = core.attentionTiled(Q, K, V, { blockRows: 4, blockCols: 4, mask: causal(n), trace: true });
  assert.equal(r.tiles, 9);
  assert.equal(r.skippedTiles, 3); // (0,1), (0,2), (1,2)
  assert.deepEqual(Array.from(r.trace.skipped), [0, 0, 0, 1, 0, 0, 1, 1, 0]); // key block j outer, query block i inner
  assert.deepEqual(Array.from(r.trace.colBlock), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
  assert.equal(r.trace.partial.rows, 3 * n);
  // After the last key block, every row's partial output is the output and its l the final l.
  const last = r.trace.partial.data.subarray(2 * n * 3, 3 * n * 3);
  assert.ok(maxAbsDiff(last, r.output.data) < 1e-15);
  assert.deepEqual(Array.from(r.trace.l.data.subarray(2 * n, 3 * n)), Array.from(r.l));
  // Row 0 sees key 0 only: m is its score, l = 1.
  const s00 = (Array.from(Q.data.subarray(0, 4)).reduce((a, q, c) => a + q * K.data[c], 0)) / 2;
  assert.ok(Math.abs(r.m[0] - s00) < 1e-12);
  assert.equal(r.l[0], 1);
});

test('tilingLesson reports the largest difference between the tiled and the standard output', () => {
  const t = core.tilingLesson({ n: 10, d: 8, blockRows: 3, blockCols: 4, causal: true, seed: 2 });
  assert.equal(t.scores.rows, 10);
  assert.ok(t.maxDifference < 1e-12);
  assert.equal(t.maxDifference, maxAbsDiff(t.tiled.output.data, t.standard.data));
  const plain = core.attention(t.Q, t.K, t.V, { mask: t.mask });
  assert.ok(maxAbsDiff(plain.output.data, t.standard.data) === 0);
});

test('attentionMemory grows as n^2 for standard attention and as n for the tiled one; attentionIo follows Algorithm 1', () => {
  const ns = [512, 1024, 2048, 4096];
  const m = core.attentionMemory(ns, { d: 64, blockRows: 64, blockCols: 64 });
  for (let k = 0; k < ns.length; k++) {
    assert.equal(m.standard[k], 8 * (2 * ns[k] ** 2 + ns[k]));
    assert.equal(m.tiled[k], 8 * (64 * 64 + 2 * ns[k]));
    assert.equal(m.inputs[k], 8 * 4 * ns[k] * 64);
  }
  const io = core.attentionIo([1024], { d: 64, M: 100000 });
  assert.equal(io.blockCols, Math.ceil(100000 / 256));
  assert.equal(io.blockRows, 64);
  const Tc = Math.ceil(1024 / io.blockCols);
  assert.equal(io.tiled[0], 3 * 1024 * 64 + 2 * 1024 + Tc * 1024 * (3 * 64 + 4));
  assert.equal(io.standard[0], 4 * 1024 * 64 + 4 * 1024 * 1024);
  assert.deepEqual(Array.from(io.inRange), [0], 'M = 100000 > N d = 65536: outside Theorem 2\'s range');
  assert.deepEqual(Array.from(core.attentionIo([1024, 256, 2], { d: 64, M: 32768 }).inRange), [1, 0, 0]);
});

test('windowMask blocks the future and keys w or more back except the first k; receptiveField reaches L (w - 1) + 1', () => {
  const n = 10;
  const mask = core.windowMask(n, { window: 3, sinks: 2 });
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const allowed = j <= i && (i - j < 3 || j < 2);
      assert.equal(mask.data[i * n + j], allowed ? 0 : 1, `(${i}, ${j})`);
    }
  }
  assert.deepEqual(Array.from(core.windowMask(n, { window: n }).data), Array.from(causal(n).data));
  const rf = core.receptiveField({ n: 64, window: 8, layers: 5 });
  assert.deepEqual(Array.from(rf.span), [8, 15, 22, 29, 36]);
  assert.deepEqual(Array.from(rf.farthest), [7, 14, 21, 28, 35]);
});

test('bad input: an Error naming the argument, with error.field, and the core keeps working', () => {
  const Q = testMatrix(4, 2, 7);
  const fails = (fn, field, pattern) => assert.throws(fn, (e) => e.field === field && pattern.test(e.message));
  fails(() => core.attentionTiled(Q, Q, Q, { blockRows: 0 }), 'blockRows', /blockRows must be an integer from 1/);
  fails(() => core.tilingLesson({ blockCols: 0 }), 'blockCols', /blockCols/);
  fails(() => core.tilingLesson({ n: 0 }), 'n', /n must be/);
  fails(() => core.attentionIo([1024], { M: 0 }), 'M', /M must be/);
  fails(() => core.attentionMemory([], {}), 'ns', /ns must be/);
  fails(() => core.windowMask(8, { window: 4, sinks: 5 }), 'sinks', /sinks must be from 0 to the window \(4\); got 5/);
  fails(() => core.receptiveField({ n: 16, window: 17 }), 'window', /window must be an integer from 1 to the context n = 16; got 17/);
  fails(() => core.receptiveField({ n: 16, window: 4, layers: 0 }), 'layers', /layers/);
  assert.ok(core.attentionTiled(Q, Q, Q, { blockRows: 2, blockCols: 2 }).output.rows === 4);
});
