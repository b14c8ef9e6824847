// Sections 4-6 API: positionSimilarity, positionEffect, causalAttention, and
// parseIntList (the list parser of section 4). Expectations come from the
// formulas (sum of cosines, renormalised rows), not from the core's output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, maxAbsDiff } from './load.mjs';
import { parseIntList } from '../../site/src/ui/int-list.js';

const core = await loadCore();
const at = (m, r, c) => m.data[r * m.cols + c];
const closedForm = (offset, d) => {
  let s = 0;
  for (let i = 0; i < d / 2; i++) s += Math.cos(offset * 10000 ** (-2 * i / d));
  return s;
};
const words = ['the', 'cat', 'sat', 'on', 'the', 'mat'];

test('positionSimilarity returns PE, PE PE^T, chosen columns and rows with the documented shapes', () => {
  const r = core.positionSimilarity(40, 32, { dims: [0, 1, 31], positions: [0, 39] });
  assert.deepEqual([r.encoding.rows, r.encoding.cols], [40, 32]);
  assert.deepEqual([r.similarity.rows, r.similarity.cols], [40, 40]);
  assert.deepEqual([r.dimensions.rows, r.dimensions.cols], [3, 40]);
  assert.deepEqual([r.rows.rows, r.rows.cols], [2, 40]);
  assert.ok(Math.abs(at(r.dimensions, 0, 7) - Math.sin(7)) < 1e-12);
  assert.ok(Math.abs(at(r.dimensions, 1, 7) - Math.cos(7)) < 1e-12);
  for (const [p, q] of [[0, 0], [3, 17], [39, 2]]) {
    assert.ok(Math.abs(at(r.similarity, p, q) - closedForm(p - q, 32)) < 1e-9, `S(${p}, ${q})`);
    assert.equal(at(r.similarity, p, q), at(r.similarity, q, p));
  }
  assert.ok(Math.abs(at(r.rows, 1, 5) - closedForm(34, 32)) < 1e-9);
});

// reuse: the new arrays are views on the earlier result's buffers where they have room (the
// numbers those of a fresh call), on new buffers with room for twice the numbers where they do
// not; the earlier numbers beyond are not read; anything but an earlier result is refused by name.
test('positionSimilarity writes into an earlier result it is handed, growing its room by doubling', () => {
  const options = { dims: [1], positions: [2] };
  const same = (a, b) => a.buffer === b.buffer;
  const earlier = core.positionSimilarity(30, 16, options);
  const again = core.positionSimilarity(30, 16, { ...options, reuse: earlier });
  assert.ok(same(again.encoding.data, earlier.encoding.data) && same(again.similarity.data, earlier.similarity.data), 'written over');
  assert.deepEqual(again.similarity.data, core.positionSimilarity(30, 16, options).similarity.data, 'the numbers of a fresh call');
  const smaller = core.positionSimilarity(20, 8, { ...options, reuse: again });
  assert.ok(same(smaller.similarity.data, earlier.similarity.data), '20 x 20 fits in 30 x 30');
  const fresh = core.positionSimilarity(20, 8, options);
  assert.deepEqual([smaller.similarity.data.length, smaller.encoding.data.length], [400, 160]);
  assert.deepEqual(smaller.similarity.data, fresh.similarity.data);
  assert.deepEqual(smaller.encoding.data, fresh.encoding.data);
  const larger = core.positionSimilarity(40, 16, { ...options, reuse: smaller });
  assert.ok(!same(larger.similarity.data, earlier.similarity.data), '40 x 40 does not fit: a new buffer');
  assert.equal(larger.similarity.data.buffer.byteLength, 2 * 1600 * 8, 'with room for twice the numbers');
  assert.deepEqual(larger.similarity.data, core.positionSimilarity(40, 16, options).similarity.data);
  const next = core.positionSimilarity(50, 16, { ...options, reuse: larger });
  assert.ok(same(next.similarity.data, larger.similarity.data), '2,500 numbers fit in room for 3,200');
  assert.deepEqual(next.similarity.data, core.positionSimilarity(50, 16, options).similarity.data);
  for (const bad of [{}, 3, { encoding: earlier.encoding, similarity: { data: [1] } }]) {
    assert.throws(() => core.positionSimilarity(30, 16, { ...options, reuse: bad }), (e) => e.field === 'reuse' && /earlier positionSimilarity result/.test(e.message));
  }
});

test('positionSimilarity at 512 x 512 has d/2 on the whole diagonal', () => {
  const r = core.positionSimilarity(512, 512, { dims: [0], positions: [0] });
  for (let p = 0; p < 512; p += 37) assert.ok(Math.abs(at(r.similarity, p, p) - 256) < 1e-9);
});

test('positionEffect: same projections, difference = with - without, repeated words share a row only without', () => {
  for (const projection of ['random', 'identity']) {
    const r = core.positionEffect(words, { seed: 4, positional: 3, projection });
    const plain = core.selfAttention(words, { seed: 4, positional: 0, projection });
    const withPe = core.selfAttention(words, { seed: 4, positional: 3, projection });
    assert.equal(maxAbsDiff(r.withoutEncoding.data, plain.weights.data), 0);
    assert.equal(maxAbsDiff(r.withEncoding.data, withPe.weights.data), 0);
    r.difference.data.forEach((x, k) => assert.equal(x, r.withEncoding.data[k] - r.withoutEncoding.data[k]));
    const row = (m, i) => Array.from(m.data.subarray(i * 6, i * 6 + 6));
    assert.deepEqual(row(r.withoutEncoding, 0), row(r.withoutEncoding, 4));
    assert.notDeepEqual(row(r.withEncoding, 0), row(r.withEncoding, 4));
  }
  assert.ok(core.positionEffect(words, { positional: 0 }).difference.data.every((x) => x === 0));
});

test('causalAttention: blocked weights are exactly 0 and masked rows renormalise the unmasked ones', () => {
  const r = core.causalAttention(words, { seed: 9, positional: 1 });
  const n = words.length;
  assert.deepEqual(Array.from(r.mask.data), Array.from(core.causalMask(n).data));
  for (let i = 0; i < n; i++) {
    let allowed = 0;
    for (let j = 0; j <= i; j++) allowed += at(r.unmasked, i, j);
    for (let j = 0; j < n; j++) {
      const expected = j > i ? 0 : at(r.unmasked, i, j) / allowed;
      assert.ok(Math.abs(at(r.masked, i, j) - expected) < 1e-12, `row ${i}, key ${j}`);
    }
    assert.ok(r.maskedEntropy[i] <= Math.log(i + 1) + 1e-12);
  }
  assert.equal(r.maskedEntropy[0], 0);
  assert.equal(r.unmaskedEntropy.length, n);
});

const bad = [
  ['a dimension past d', () => core.positionSimilarity(50, 128, { dims: [0, 1, 600] }), /dims\[2\] is 600; expected 0 to 127 \(d = 128\)/],
  ['a position past n', () => core.positionSimilarity(50, 128, { positions: [50] }), /positions\[0\] is 50; expected 0 to 49 \(n = 50\)/],
  ['a negative dimension', () => core.positionSimilarity(50, 128, { dims: [-1] }), /dims\[0\] must be an integer from 0/],
  ['a fractional position', () => core.positionSimilarity(50, 128, { positions: [1.5] }), /positions\[0\] must be an integer/],
  ['a huge dimension that would wrap to 0 as a C++ int', () => core.positionSimilarity(50, 128, { dims: [2 ** 32] }), /dims\[0\] must be an integer from 0 to 4096/],
  ['an empty dimension list', () => core.positionSimilarity(50, 128, { dims: [] }), /dims must be an array of 1 to 6 integers/],
  ['seven positions', () => core.positionSimilarity(50, 128, { positions: [0, 1, 2, 3, 4, 5, 6] }), /positions must be an array of 1 to 6/],
  ['dims that is not an array', () => core.positionSimilarity(50, 128, { dims: '0, 1' }), /dims must be an array/],
  ['n = 0', () => core.positionSimilarity(0, 128), /n must be an integer from 1 to 4096/],
  ['positionEffect with no words', () => core.positionEffect([]), /words must be an array of 1 to 64 words/],
  ['positionEffect with strength 11', () => core.positionEffect(['a'], { positional: 11 }), /positional must be a finite number from 0 to 10/],
  ['positionEffect with an unknown projection', () => core.positionEffect(['a'], { projection: 'learned' }), /projection must be one of 'random', 'identity'/],
  ['causalAttention with a negative seed', () => core.causalAttention(['a'], { seed: -1 }), /seed must be an integer from 0 to 4294967295/],
  ['causalAttention with dModel 2000', () => core.causalAttention(['a'], { dModel: 2000 }), /dModel must be an integer from 1 to 1024/],
];
for (const [what, call, message] of bad) {
  test(`throws a named Error for ${what}, and the core still works`, () => {
    assert.throws(call, (error) => error instanceof Error && message.test(error.message));
    assert.equal(core.positionSimilarity(4, 4, { dims: [0], positions: [0] }).similarity.rows, 4);
  });
}

test('parseIntList reads commas and spaces and explains bad lists', () => {
  assert.deepEqual(parseIntList('0, 1, 6, 7'), [0, 1, 6, 7]);
  assert.deepEqual(parseIntList(' 3  20;5 '), [3, 20, 5]);
  assert.throws(() => parseIntList('  ', 'positions'), /at least one of the positions/);
  assert.throws(() => parseIntList('0, five', 'positions'), /“five” is not a whole number/);
  assert.throws(() => parseIntList('-2'), /“-2” is not a whole number/);
  assert.throws(() => parseIntList('1.5'), /“1.5” is not a whole number/);
  assert.throws(() => parseIntList('1 2 3 4 5 6 7', 'dimensions'), /at most 6 dimensions; got 7/);
});
