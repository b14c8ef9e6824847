// site/src/charts/largest.js: the top of a heatmap's automatic colour scale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { largest } from '../../site/src/charts/largest.js';

test('the largest value, or the largest |value|, of a typed array or a list', () => {
  assert.equal(largest(Float32Array.of(0.25, 0.5, -0.75)), 0.5);
  assert.equal(largest(Float32Array.of(0.25, 0.5, -0.75), true), 0.75);
  assert.equal(largest([-3, -2]), -2);
});

test('NaN is left out, and there is no largest of nothing', () => {
  assert.equal(largest([Number.NaN, 2, Number.NaN]), 2);
  assert.equal(largest([]), undefined);
  assert.equal(largest([Number.NaN]), undefined);
});
