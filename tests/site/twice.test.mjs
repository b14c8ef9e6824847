// site/src/trained/twice.js: "Write it twice" in section 8's trained view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeTwice, repeatIn, copyLosses, copyWeight } from '../../site/src/trained/twice.js';

test('writeTwice writes the trimmed text, a space, and the text again, cut so both copies fit the context', () => {
  assert.deepEqual(writeTwice('  Emma was here. ', 128), { text: 'Emma was here. Emma was here.', cut: false });
  const long = 'x'.repeat(70);
  const { text, cut } = writeTwice(long, 128);
  assert.equal(cut, true);
  assert.equal([...text].length, 127); // 63 + 1 + 63
  // characters, not UTF-16 units: an é is one position of the model
  assert.equal([...writeTwice('é'.repeat(70), 128).text].length, 127);
});

test('repeatIn finds s, space, s and nothing else', () => {
  assert.equal(repeatIn([...'ab ab']), 2);
  assert.equal(repeatIn([...writeTwice('Anne smiled.', 128).text]), 12);
  assert.equal(repeatIn([...'a a']), 0);       // a copy of one character is no passage
  assert.equal(repeatIn([...'abc abd']), 0);   // the copies differ
  assert.equal(repeatIn([...'abcxabc']), 0);   // no space between
  assert.equal(repeatIn([...'abcd']), 0);
});

test('copyLosses averages each copy\'s losses after its first character', () => {
  // "ab ab": losses[t] predicts character t + 1: b, ' ', a, b
  const run = { losses: [1, 9, 9, 0.5] };
  assert.deepEqual(copyLosses(run, 2), { first: 1, second: 0.5 });
});

test('copyWeight is the mean weight of the second copy on the character after the earlier occurrence', () => {
  // "abc abc": rows 4 (a) and 5 (b) of the second copy look at 1 (b) and 2 (c)
  const n = 7;
  const data = new Float64Array(n * n);
  data[4 * n + 1] = 0.8;
  data[5 * n + 2] = 0.4;
  data[6 * n + 3] = 1; // c's next would be the space: not counted
  assert.ok(Math.abs(copyWeight({ rows: n, cols: n, data }, 3) - 0.6) < 1e-12);
});
