// distanceDecays and alibiAttention: the JS API of section 9, checked against
// the formulas written out here, and their bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';

const core = await loadCore();
const words = 'the old man saw a small boat drift slowly past the pier'.split(' ');
const cell = (m, i, j) => m.data[i * m.cols + j];

test('distanceDecays: each pattern is the normalised kernel of |i - j|', () => {
  const n = 7;
  const widths = { linear: 3, exponential: 2, gaussian: 1.5 };
  const kernels = {
    linear: (d) => Math.max(0, 1 - d / widths.linear),
    exponential: (d) => Math.exp(-d / widths.exponential),
    gaussian: (d) => Math.exp(-(d * d) / (2 * widths.gaussian ** 2)),
  };
  const r = core.distanceDecays(n, widths);
  for (const [kind, k] of Object.entries(kernels)) {
    assert.deepEqual([r[kind].rows, r[kind].cols], [n, n]);
    for (let i = 0; i < n; i++) {
      const raw = Array.from({ length: n }, (_, j) => k(Math.abs(i - j)));
      const sum = raw.reduce((a, b) => a + b, 0);
      raw.forEach((v, j) => assert.ok(Math.abs(cell(r[kind], i, j) - v / sum) < 1e-12, `${kind} ${i},${j}`));
    }
  }
});

test('distanceDecays: meanByDistance averages the pairs at each distance and falls with it', () => {
  const n = 6;
  const r = core.distanceDecays(n);
  for (const kind of ['linear', 'exponential', 'gaussian']) {
    const mean = r.meanByDistance[kind];
    assert.equal(mean.length, n);
    for (let d = 0; d < n; d++) {
      let sum = 0;
      let count = 0;
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (Math.abs(i - j) === d) { sum += cell(r[kind], i, j); count++; }
      assert.ok(Math.abs(mean[d] - sum / count) < 1e-12, `${kind} d=${d}`);
      if (d > 0) assert.ok(mean[d] <= mean[d - 1], `${kind} falls at d=${d}`);
    }
  }
});

test('alibiAttention: H heads, slopes 2^(-8h/H) times the multiplier, causal heads hide the future', () => {
  const r = core.alibiAttention(words, { heads: 4, slopeScale: 2 });
  assert.deepEqual(Array.from(r.slopes), [0.5, 0.125, 2 ** -5, 2 ** -7]);
  assert.equal(r.biased.length, 4);
  assert.equal(r.plain.length, 4);
  assert.equal(r.meanPlain.length, words.length);
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      assert.equal(cell(r.mask, i, j), 1);
      assert.equal(cell(r.biased[0], i, j), 0);
    }
  }
  assert.equal(core.alibiAttention(words, { causal: false }).mask, null);
});

test('alibiAttention: biased = softmax(log(plain) - m |i - j|) row by row (symmetric form)', () => {
  // softmax(s - b) = plain * exp(-b), renormalised: the bias reweights the plain weights.
  const r = core.alibiAttention(words, { heads: 2, causal: false, slopeScale: 3 });
  const n = words.length;
  for (let h = 0; h < 2; h++) {
    for (let i = 0; i < n; i++) {
      const raw = Array.from({ length: n }, (_, j) => cell(r.plain[h], i, j) * Math.exp(-r.slopes[h] * Math.abs(i - j)));
      const sum = raw.reduce((a, b) => a + b, 0);
      raw.forEach((v, j) => assert.ok(Math.abs(cell(r.biased[h], i, j) - v / sum) < 1e-12, `head ${h} ${i},${j}`));
    }
  }
});

test('alibiAttention: slope 0 is plain attention, and a steeper slope keeps more weight within one word', () => {
  const flat = core.alibiAttention(words, { slopeScale: 0 });
  flat.biased.forEach((m, h) => assert.deepEqual(m.data, flat.plain[h].data));
  const steep = core.alibiAttention(words, { slopeScale: 8 });
  for (let h = 0; h < 4; h++) assert.ok(steep.nearBiased[h] > flat.nearBiased[h], `head ${h}`);
  assert.ok(steep.meanBiased[0] > flat.meanBiased[0]);
});

const bad = [
  ['n = 0', () => core.distanceDecays(0), /n must be an integer from 1 to 4096/],
  ['a width of 0', () => core.distanceDecays(5, { gaussian: 0 }), /gaussian must be a finite number from 0.1 to 4096/],
  ['a width that is a string', () => core.distanceDecays(5, { linear: '3' }), /linear must be a finite number/],
  ['no words', () => core.alibiAttention([]), /words must be an array of 1 to 64 words/],
  ['65 words', () => core.alibiAttention(Array(65).fill('w')), /words must be an array of 1 to 64 words/],
  ['0 heads', () => core.alibiAttention(words, { heads: 0 }), /heads must be an integer from 1 to 16/],
  ['a negative slope multiplier', () => core.alibiAttention(words, { slopeScale: -1 }), /slopeScale must be a finite number from 0 to 100/],
  ['a NaN slope multiplier', () => core.alibiAttention(words, { slopeScale: NaN }), /slopeScale must be a finite number/],
];
for (const [what, call, message] of bad) {
  test(`distance API throws a named Error for ${what}, and the core still works`, () => {
    assert.throws(call, (e) => e instanceof Error && message.test(e.message));
    assert.equal(core.distanceDecays(1).linear.data[0], 1);
  });
}
