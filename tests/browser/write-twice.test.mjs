// Section 8's trained view, "Write your text twice": the learner's text written
// twice in the model's window, the loss of each copy and the head that copies,
// all from the core's run of the shipped model (site/src/trained/twice.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openTrained, setValue, eventually, showNumbers } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// The core's numbers for a text written as s + ' ' + s: each copy's mean loss after its
// first character, and each head's mean weight, from the second copy, on the character
// after the earlier occurrence.
function expected(page, text) {
  return page.evaluate(async (t) => {
    const core = await window.createAttentionCore({ full: true });
    const m = core.loadModel(window.attentionAtlasModel);
    const r = m.run(t);
    const L = ([...t].length - 1) / 2;
    let first = 0;
    let second = 0;
    for (let k = 1; k < L; k++) { first += r.losses[k - 1]; second += r.losses[L + k]; }
    const heads = r.heads.map((h) => {
      const A = r.attention[h.layer][h.head];
      let w = 0;
      for (let k = 0; k < L - 1; k++) w += A.data[(L + 1 + k) * A.cols + k + 1];
      return { layer: h.layer, head: h.head, weight: w / (L - 1), notes: Array.from({ length: L - 1 }, (_, k) => A.data[(L + 1 + k) * A.cols + k + 1]) };
    });
    m.dispose();
    return { L, first: first / (L - 1), second: second / (L - 1), best: heads.reduce((a, b) => (b.weight > a.weight ? b : a)) };
  }, text);
}

test('Write your text twice repeats the text and reports each copy’s loss and the copying head, from the core', async () => {
  const { page, errors } = await browser.open('http');
  const hr = await openTrained(page, 'head-roles');
  const field = hr.locator('[data-trained] input[name="text"]');
  const readout = hr.locator('[data-twice-readout]');
  const figure = hr.locator('[data-twice-figure]');
  assert.ok(await readout.isHidden() && await figure.isHidden(), 'nothing about copies before a repeat');

  await setValue(field, '  Anne was forced into prudence.  ');
  await hr.getByRole('button', { name: 'Write your text twice' }).click();
  const s = 'Anne was forced into prudence.'; // 61 characters twice: every row in Show numbers (64 at most)
  await eventually(() => field.inputValue(), `${s} ${s}`);
  await readout.waitFor({ state: 'visible' });
  const want = await expected(page, `${s} ${s}`);
  const text = await readout.textContent();
  assert.ok(text.includes(`Written twice (${want.L} characters each). First copy: ${want.first.toFixed(2)} nats per character; second copy: ${want.second.toFixed(2)}`), text);
  assert.ok(text.includes(`layer ${want.best.layer + 1}, head ${want.best.head + 1}, gives a second-copy character on average ${Math.round(want.best.weight * 100)}%`), text);
  assert.ok(want.second < want.first, 'the model predicts the second copy better than the first: it copies');
  assert.ok(!text.includes('cut'), 'a text that fits is not cut');
  // The copying head's attention, each second-copy row noting its weight on the character after the earlier occurrence.
  assert.ok(await figure.isVisible());
  assert.match(await figure.locator('[data-twice-title]').textContent(), new RegExp(`^layer ${want.best.layer + 1}, head ${want.best.head + 1} on your text written twice`));
  const notes = await (await showNumbers(figure)).first().locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.querySelector('td:last-child').textContent));
  assert.equal(notes.length, 2 * want.L + 1);
  assert.deepEqual(notes.slice(want.L + 1, 2 * want.L), want.best.notes.map((v) => `${Math.round(v * 100)}%`));
  assert.ok(notes.slice(0, want.L + 1).every((n) => n === ''), 'the first copy has no notes');

  // A text too long for two copies is cut, and the learner is told.
  await setValue(field, 'x'.repeat(70));
  await hr.getByRole('button', { name: 'Write your text twice' }).click();
  await eventually(() => readout.textContent(), (t) => t.includes('was cut to its first 63 characters'));
  assert.equal(await field.inputValue(), `${'x'.repeat(63)} ${'x'.repeat(63)}`);
  // Any other text: the readout and figure go away.
  await setValue(field, 'Emma');
  await eventually(() => readout.isHidden(), true);
  assert.ok(await figure.isHidden());
  assert.deepEqual(errors, []);
});
