// headRoles: the JS API of section 8 and its bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';

const core = await loadCore();
const words = ['The', 'cat', 'sat', 'on', 'the', 'mat'];
const cell = (m, i, j) => m.data[i * m.cols + j];

test('headRoles returns four n x n heads whose rows sum to 1', () => {
  const r = core.headRoles(words);
  for (const key of ['previous', 'determiners', 'content', 'broad']) {
    assert.deepEqual([r[key].rows, r[key].cols], [6, 6], key);
    for (let i = 0; i < 6; i++) {
      const sum = r[key].data.subarray(i * 6, i * 6 + 6).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-12, `${key} row ${i}`);
    }
  }
});

test('previous-word head: row i on i - 1, the first word on itself', () => {
  const r = core.headRoles(words);
  assert.equal(cell(r.previous, 0, 0), 1);
  for (let i = 1; i < 6; i++) assert.equal(cell(r.previous, i, i - 1), 1);
});

test('determiner head: each determiner on the next content word ("The" -> "cat", "the" -> "mat"), other words on themselves', () => {
  const r = core.headRoles(words);
  assert.deepEqual(r.determiner, [true, false, false, false, true, false]);
  const target = [1, 1, 2, 3, 5, 5];
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) assert.equal(cell(r.determiners, i, j), j === target[i] ? 1 : 0, `row ${i}, column ${j}`);
  }
});

test('content head: default marks skip function words, and a given marking is used as is', () => {
  const r = core.headRoles(words);
  assert.deepEqual(r.marked, [false, true, true, false, false, true]);
  const marked = [false, true, false, false, false, false];
  const only = core.headRoles(words, { marked });
  assert.deepEqual(only.marked, marked);
  for (let i = 0; i < 6; i++) assert.equal(cell(only.content, i, 1), 1);
  const none = core.headRoles(words, { marked: Array(6).fill(false) });
  for (let i = 0; i < 6; i++) assert.equal(cell(none.content, i, i), 1, 'no target: each word on itself');
});

const bad = [
  ['no words', () => core.headRoles([]), /words must be an array of 1 to 64 words/],
  ['65 words', () => core.headRoles(Array(65).fill('w')), /words must be an array of 1 to 64 words/],
  ['marks of the wrong length', () => core.headRoles(words, { marked: [true] }), /marked must be an array of 6 booleans \(one per word\); got an array of length 1/],
  ['marks that are not booleans', () => core.headRoles(words, { marked: [1, 0, 1, 0, 1, 0] }), /marked must be an array of 6 booleans/],
  ['marks that are a string', () => core.headRoles(words, { marked: 'cat' }), /marked must be an array of 6 booleans.*got string/],
];
for (const [what, call, message] of bad) {
  test(`headRoles throws a named Error for ${what}, and the core still works`, () => {
    assert.throws(call, (e) => e instanceof Error && message.test(e.message));
    assert.equal(cell(core.headRoles(['a', 'cat']).determiners, 0, 1), 1);
  });
}
