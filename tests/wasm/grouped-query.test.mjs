// groupedQuery and kvCacheSize: section 15's JS API against multiHead (g = h),
// the formula written out here, and bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, maxAbsDiff } from './load.mjs';

const core = await loadCore();
const words = 'the cat sat on the mat because the mat was warm'.split(' ');

test('groupedQuery with g = h gives multiHead\'s heads for the same words and seed', () => {
  const gq = core.groupedQuery(words, { heads: 4, kvHeads: 4, seed: 3 });
  const mh = core.multiHead(words, { heads: 4, seed: 3 });
  assert.deepEqual(gq.group, [0, 1, 2, 3]);
  gq.heads.forEach((h, j) => assert.ok(maxAbsDiff(h.weights.data, mh.heads[j].weights.data) === 0, `head ${j}`));
});

test('groupedQuery with g = 1: every head reads one key head, the mean of the four; the queries stay', () => {
  const full = core.groupedQuery(words, { heads: 4, kvHeads: 4 });
  const one = core.groupedQuery(words, { heads: 4, kvHeads: 1 });
  assert.deepEqual(one.group, [0, 0, 0, 0]);
  assert.equal(one.K.length, 1);
  const mean = one.K[0].data.map((_, i) => full.K.reduce((s, K) => s + K.data[i], 0) / 4);
  assert.ok(maxAbsDiff(one.K[0].data, mean) < 1e-14);
  one.heads.forEach((h, j) => assert.ok(maxAbsDiff(h.Q.data, full.heads[j].Q.data) === 0));
  for (const h of one.heads) {
    for (let i = 0; i < h.weights.rows; i++) {
      const sum = h.weights.data.slice(i * h.weights.cols, (i + 1) * h.weights.cols).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-12);
    }
  }
});

test('kvCacheSize is 2 x layers x g x head size x context x batch x bytes, for every g dividing h', () => {
  const shape = { layers: 80, heads: 64, kvHeads: 8, headSize: 128, context: 4096, batch: 1, bytesPerNumber: 2 };
  const r = core.kvCacheSize(shape);
  assert.equal(r.bytes, 2 * 80 * 8 * 128 * 4096 * 2);
  assert.equal(r.bytesPerToken, 2 * 80 * 8 * 128 * 2);
  assert.equal(r.multiHeadBytes, 8 * r.bytes);
  assert.deepEqual(r.kvChoices, [1, 2, 4, 8, 16, 32, 64]);
  r.kvChoices.forEach((g, i) => assert.equal(r.bytesByChoice[i], 2 * 80 * g * 128 * 4096 * 2));
  assert.equal(core.kvCacheSize({ ...shape, batch: 4, bytesPerNumber: 0.5 }).bytes, r.bytes);
});

const fails = (fn, field, pattern) => assert.throws(fn, (e) => e instanceof Error && e.field === field && pattern.test(e.message));

test('bad input: g not dividing h, g above h, dModel not a multiple of h: Errors with error.field', () => {
  fails(() => core.groupedQuery(words, { heads: 4, kvHeads: 3 }), 'kvHeads', /^kvHeads \(3\) must divide heads \(4\)/);
  fails(() => core.groupedQuery(words, { heads: 4, kvHeads: 8 }), 'kvHeads', /^kvHeads must be an integer from 1 to 4/);
  fails(() => core.groupedQuery(words, { heads: 3, kvHeads: 1 }), 'dModel', /^dModel \(16\) must be a multiple of heads \(3\)/);
  fails(() => core.groupedQuery(words, { heads: 0 }), 'heads', /^heads/);
  fails(() => core.groupedQuery([], {}), 'words', /^words/);
  const shape = { layers: 32, heads: 32, kvHeads: 8, headSize: 128, context: 8192 };
  fails(() => core.kvCacheSize({ ...shape, kvHeads: 5 }), 'kvHeads', /^kvHeads \(5\) must divide heads \(32\)/);
  fails(() => core.kvCacheSize({ ...shape, layers: 0 }), 'layers', /^layers/);
  fails(() => core.kvCacheSize({ ...shape, context: 1.5 }), 'context', /^context/);
  fails(() => core.kvCacheSize({ ...shape, bytesPerNumber: 0 }), 'bytesPerNumber', /^bytesPerNumber/);
  fails(() => core.kvCacheSize({ ...shape, headSize: undefined }), 'headSize', /^headSize/);
  assert.equal(core.kvCacheSize(shape).bytes, 2 * 32 * 8 * 128 * 8192 * 2, 'the core works afterwards');
});
