// Bad input throws an Error whose message names the argument and what was
// expected, and the core keeps working afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, testMatrix } from './load.mjs';

const core = await loadCore();
const I2 = { rows: 2, cols: 2, data: [1, 0, 0, 1] };

const cases = [
  ['K with the wrong number of columns', () => core.attention(I2, testMatrix(2, 3, 1), I2), /K is 2 x 3.*d_k = 2/],
  ['V with the wrong number of rows', () => core.attention(I2, I2, testMatrix(3, 2, 1)), /V is 3 x 2/],
  ['data shorter than rows * cols', () => core.attention({ rows: 2, cols: 2, data: [1, 2, 3] }, I2, I2), /Q\.data must hold rows \* cols = 4 numbers.*got 3 values/],
  ['rows = 0', () => core.attention({ rows: 0, cols: 2, data: [] }, I2, I2), /Q\.rows and Q\.cols must be positive integers/],
  ['a matrix that is not an object', () => core.attention(I2, 'K', I2), /K must be a matrix \{rows, cols, data\}/],
  ['a string inside data', () => core.attention(I2, { rows: 2, cols: 2, data: [1, 'x', 0, 1] }, I2), /K\.data\[1\] is string x; expected a number/],
  ['NaN in Q', () => core.attention({ rows: 2, cols: 2, data: [1, NaN, 0, 1] }, I2, I2), /Q has a non-finite value.*row 0, column 1/],
  ['Infinity in V', () => core.attention(I2, I2, { rows: 2, cols: 2, data: [1, Infinity, 0, 1] }), /V has a non-finite value/],
  ['a mask of the wrong shape', () => core.attention(I2, I2, I2, { mask: { rows: 1, cols: 2, data: [0, 1] } }), /mask is 1 x 2; expected 2 x 2/],
  ['a mask with 0.5', () => core.attention(I2, I2, I2, { mask: { rows: 2, cols: 2, data: [0, 0.5, 0, 0] } }), /mask must hold only 0 \(allowed\) and 1 \(blocked\)/],
  ['causalMask(0)', () => core.causalMask(0), /n must be an integer from 1 to 4096; got number 0/],
  ['causalMask(-3)', () => core.causalMask(-3), /n must be an integer/],
  ['causalMask(2.5)', () => core.causalMask(2.5), /n must be an integer/],
  ['positionalEncoding(NaN, 4)', () => core.positionalEncoding(NaN, 4), /n must be an integer/],
  ['positionalEncoding(4, 0)', () => core.positionalEncoding(4, 0), /d must be an integer from 1 to 1024/],
  ['an unknown pattern name', () => core.pattern('banded', 5), /pattern name 'banded' is unknown; expected one of uniform/],
  ['pattern with n = 0', () => core.pattern('uniform', 0), /n must be an integer/],
  ['pattern with stride 0', () => core.pattern('strided', 5, { stride: 0 }), /stride must be an integer/],
  ['pattern with more globals than tokens', () => core.pattern('global-local', 4, { globals: 5 }), /globals must be an integer from 0 to 4/],
  ['entropy of a row that is not a distribution', () => core.entropy({ rows: 1, cols: 2, data: [0.5, 0.2] }), /W row 0 sums to 0\.7/],
  ['entropy of a negative weight', () => core.entropy({ rows: 1, cols: 2, data: [-1, 2] }), /negative/],
  ['tokenize of blank text', () => core.tokenize('   '), /sentence is empty/],
  ['tokenize of 65 words', () => core.tokenize('w '.repeat(65)), /65 words; the limit is 64/],
  ['tokenize of a number', () => core.tokenize(42), /sentence must be a string/],
  ['selfAttention with no words', () => core.selfAttention([]), /words must be an array of 1 to 64 words/],
  ['selfAttention with an empty word', () => core.selfAttention(['a', '']), /words\[1\] must be a non-empty string/],
  ['selfAttention with dModel 0', () => core.selfAttention(['a'], { dModel: 0 }), /dModel must be an integer from 1 to 1024/],
  ['selfAttention with a negative seed', () => core.selfAttention(['a'], { seed: -1 }), /seed must be an integer from 0 to 4294967295/],
  ['selfAttention with positional 11', () => core.selfAttention(['a'], { positional: 11 }), /positional must be a finite number from 0 to 10; got number 11/],
  ['selfAttention with an unknown projection', () => core.selfAttention(['a'], { projection: 'learned' }), /projection must be one of 'random', 'identity'/],
];

for (const [what, call, message] of cases) {
  test(`throws a named Error for ${what}, and the core still works`, () => {
    assert.throws(call, (error) => error instanceof Error && message.test(error.message));
    assert.equal(core.causalMask(2).data[1], 1);
    assert.equal(core.attention(I2, I2, I2).weights.rows, 2);
  });
}
