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

// Section 18's "What this model shows" paragraph states what the shipped model does on the
// section's four passages; a retrained model that does otherwise must change the paragraph.
test('section 18\'s finding holds for the shipped model on its four passages', async () => {
  const html = await readFile(new URL('../../site/sections/18-windows.html', import.meta.url), 'utf8');
  const passages = [...html.matchAll(/data-passage="\d"[^>]*>([^<]*)</g)].map((m) => m[1].replace(/&#39;/g, "'"));
  assert.equal(passages.length, 4);
  let lowerSomewhere = false;
  for (const passage of passages) {
    const n = [...passage].length;
    const full = model.run(passage);
    const firstToken = (l, h) => full.heads.find((x) => x.layer === l && x.head === h).firstToken;
    assert.ok(firstToken(1, 3) > 0.4 && firstToken(1, 3) < 0.6, 'layer 2 head 4: about half its weight on the first character');
    assert.ok(firstToken(1, 2) > 0.15 && firstToken(1, 2) < 0.3, 'layer 2 head 3: about a fifth');
    for (const h of full.heads) if (!(h.layer === 1 && h.head >= 2)) assert.ok(h.firstToken < 0.1, `L${h.layer + 1}H${h.head + 1}`);
    for (const window of [8, 12, 16, 24, 32, 48, 64]) {
      const alone = model.run(passage, { mask: core.windowMask(n, { window }) }).loss;
      assert.ok(alone - full.loss <= 0.11, `a window of ${window} costs ${(alone - full.loss).toFixed(3)}`);
      if (alone < full.loss) lowerSomewhere = true;
      for (const sinks of [1, 2, 4]) {
        const kept = model.run(passage, { mask: core.windowMask(n, { window, sinks }) }).loss;
        assert.ok(Math.abs(kept - alone) < 0.1, `${sinks} sinks at w = ${window} move the loss by ${(kept - alone).toFixed(3)}`);
      }
    }
  }
  assert.ok(lowerSomewhere, 'on some passage a window gives a lower loss than full attention');
});
