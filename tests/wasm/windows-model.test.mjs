// Section 18 through the public API: the shipped Austen model run under window
// and sink masks (m.run(text, { mask })). A window as long as the text is full
// causal attention; a window changes only the predictions of characters that
// would have seen more than w keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { loadCore } from './load.mjs';

const require = createRequire(import.meta.url);
const core = await loadCore();
const model = core.loadModel(require('../../dist/atlas-model.js'));
const heldOut = await readFile(new URL('../../site/model/austen-heldout.txt', import.meta.url), 'utf8');
const text = heldOut.slice(11, 11 + 128);

test('a window of w >= n (with or without sinks) gives exactly the loss of full causal attention', () => {
  const full = model.run(text);
  for (const [window, sinks] of [[128, 0], [128, 4], [4096, 2]]) {
    const r = model.run(text, { mask: core.windowMask(128, { window, sinks }) });
    assert.equal(r.loss, full.loss, `window ${window}, sinks ${sinks}`);
  }
});

test('a window changes only the predictions made from positions that see more than w keys', () => {
  const full = model.run(text);
  const w = 16;
  const r = model.run(text, { mask: core.windowMask(128, { window: w }) });
  // losses[t]: predicting character t + 1 from positions 0..t; position t sees t + 1 keys.
  for (let t = 0; t < w; t++) assert.equal(r.losses[t], full.losses[t], `position ${t}`);
  assert.ok(r.losses.slice(w).some((x, t) => x !== full.losses[t + w]), 'later predictions change');
  // Under the window, no head puts weight on a key w or more positions back.
  const a = r.attention[0][0];
  for (let i = w; i < 128; i++) assert.equal(a.data[i * 128 + (i - w)], 0);
  // With k sinks the first k keys are visible again.
  const s = model.run(text, { mask: core.windowMask(128, { window: w, sinks: 2 }) });
  assert.ok(s.attention[0][0].data[100 * 128] > 0);
});
