// site/src/charts/equal.js: when a chart may skip a redraw because it is handed what it shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawsSame } from '../../site/src/charts/equal.js';

const panel = (values, extra = {}) => ({
  title: 'Causal', matrix: { rows: 1, cols: values.length, data: Float32Array.from(values) }, rowLabels: ['a'], ...extra,
});

test('new arrays with the same numbers and labels draw the same', () => {
  assert.equal(drawsSame(panel([0.25, 0.75]), panel([0.25, 0.75])), true);
  assert.equal(drawsSame(panel([1], { domain: [0, 1] }), panel([1], { domain: [0, 1] })), true);
});

test('any value, label, field or length that differs draws anew', () => {
  assert.equal(drawsSame(panel([0.25, 0.75]), panel([0.25, 0.5])), false);
  assert.equal(drawsSame(panel([0.25]), panel([0.25, 0.75])), false);
  assert.equal(drawsSame(panel([1]), panel([1], { rowLabels: ['b'] })), false);
  assert.equal(drawsSame(panel([1]), panel([1], { blocked: null })), false, 'a field more');
  assert.equal(drawsSame(panel([1], { figureCells: 700 }), panel([1], { figureCells: 100 })), false);
  assert.equal(drawsSame(panel([1]), { ...panel([1]), matrix: { rows: 1, cols: 1, data: [1] } }), false, 'a typed array against a list');
  assert.equal(drawsSame(panel([Number.NaN]), panel([Number.NaN])), false, 'NaN is never taken as unchanged');
});

test('nothing drawn yet, and a typed array handed again, draw anew', () => {
  assert.equal(drawsSame(null, panel([1])), false);
  const shown = panel([0.5]);
  shown.matrix.data[0] = 0.9; // written in place: its old values are gone
  assert.equal(drawsSame(shown, { ...shown }), false);
});
