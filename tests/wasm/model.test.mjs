// core.loadModel on the shipped dist/atlas-model.js (docs/api.md): config and
// meta, m.run on a learner's text, word aggregation, the query-key plane,
// unknown characters, and every kind of bad input.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { loadCore } from './load.mjs';

const require = createRequire(import.meta.url);
const shipped = require('../../dist/atlas-model.js');
const core = await loadCore();
const model = core.loadModel(shipped);
const SENTENCE = 'It is a truth universally acknowledged, that a single man must be in want of a wife.';

function rowsSumToOne(A, tol) {
  for (let i = 0; i < A.rows; i++) {
    let sum = 0;
    for (let j = 0; j < A.cols; j++) sum += A.data[i * A.cols + j];
    if (Math.abs(sum - 1) > tol) return false;
  }
  return true;
}

test('config and meta describe the shipped model', () => {
  const { config, meta } = model;
  assert.equal(config.context, 128);
  assert.equal(config.vocab.length, 80);
  assert.ok(config.vocab.includes('e') && config.vocab.includes(' '));
  assert.equal(config.unknownSymbol, '\uFFFD');
  assert.ok(config.layers >= 1 && config.heads >= 1 && config.parameters > 10000);
  assert.match(meta.corpus, /Austen/);
  assert.ok(meta.heldOutLoss > 0.5 && meta.heldOutLoss <= 2.0, `held-out ${meta.heldOutLoss}`);
  assert.ok(Array.isArray(meta.lossCurve) && meta.lossCurve.length > 2);
  assert.equal(typeof meta.steps, 'number');
});

test('run(text) gives every head\'s causal attention, its scores and the loss', () => {
  const r = model.run(SENTENCE);
  const n = [...SENTENCE].length;
  assert.equal(r.tokens.length, n);
  assert.deepEqual(r.unknown, []);
  assert.ok(r.loss > 0 && r.loss < 4);
  assert.equal(r.attention.length, model.config.layers);
  for (const layer of r.attention) {
    assert.equal(layer.length, model.config.heads);
    for (const A of layer) {
      assert.equal(A.rows, n);
      assert.ok(rowsSumToOne(A, 1e-5));
      assert.equal(A.data[1], 0, 'causal: the first character sees only itself');
    }
  }
  assert.equal(r.heads.length, model.config.layers * model.config.heads);
  for (const h of r.heads) {
    for (const k of ['previousToken', 'firstToken', 'induction']) assert.ok(h[k] >= 0 && h[k] <= 1, k);
  }
});

test('the model learned a previous-token head', () => {
  const heads = model.run(SENTENCE).heads;
  assert.ok(Math.max(...heads.map((h) => h.previousToken)) >= 0.5);
});

test('the model learned an induction head on the repeat probes (issue 9: at least 0.3)', () => {
  const heads = model.run(SENTENCE).heads;
  assert.ok(Math.max(...heads.map((h) => h.induction)) >= 0.3);
});

test('words aggregate characters as Clark et al. do for word pieces: rows still sum to 1', () => {
  const r = model.run('Emma  Woodhouse, handsome');
  assert.deepEqual(r.words.labels, ['Emma', 'Woodhouse,', 'handsome']);
  assert.deepEqual(r.words.characters[0], [0, 1, 2, 3, 4, 5]);
  for (const layer of r.words.attention) for (const W of layer) {
    assert.equal(W.rows, 3);
    assert.ok(rowsSumToOne(W, 1e-5), "float32 attention: rows sum to 1 within 1e-5");
  }
  // Attention TO a word sums its characters; FROM a word averages them.
  const A = r.attention[0][0], W = r.words.attention[0][0];
  let to = 0;
  for (const i of r.words.characters[1]) for (const j of r.words.characters[0]) to += A.data[i * A.cols + j];
  assert.ok(Math.abs(W.data[1 * 3 + 0] - to / r.words.characters[1].length) < 1e-12);
});

test('characters the model does not know are mapped to one symbol and reported', () => {
  const r = model.run('Naïve café 😀 ok');
  assert.ok(r.unknown.includes('😀'));
  assert.equal(r.tokens.length, [...'Naïve café 😀 ok'].length);
});

test('queryKey projects a head\'s queries and keys onto one plane', () => {
  const p = model.queryKey('Emma Woodhouse, handsome, clever', 1, 0);
  assert.equal(p.queries.rows, 32);
  assert.equal(p.queries.cols, 2);
  assert.equal(p.keys.rows, 32);
  assert.ok(p.explained > 0 && p.explained <= 1);
  assert.throws(() => model.queryKey('ab', 9, 0), /layer must be 0 to/);
});

test('bad text is refused with a clear Error; the model keeps working', () => {
  assert.throws(() => model.run(''), /text must have 2 to 128 characters; got 0/);
  assert.throws(() => model.run('x'.repeat(129)), /got 129/);
  assert.throws(() => model.run(42), /text must be a string/);
  assert.ok(model.run('ok').loss >= 0);
});

test('a truncated, altered or foreign model file throws a ModelFileError', () => {
  const bytes = Uint8Array.from(atob(shipped.base64), (c) => c.charCodeAt(0));
  const altered = bytes.slice();
  altered[200] ^= 8;
  const cases = [bytes.slice(0, 1000), altered, new Uint8Array(10), { format: 'x' },
    { format: 'attention-atlas-model', base64: '%%%' }, null];
  for (const input of cases) {
    assert.throws(() => core.loadModel(input), (e) => e.name === 'ModelFileError' && /model file|loadModel/.test(e.message));
  }
  const again = core.loadModel(bytes);
  assert.equal(again.config.context, 128);
  again.dispose();
  assert.throws(() => again.run('ab'), /disposed/);
});

// What the trained views' note says of the shipped model (site/src/trained/badge.js).
test('the held-out baselines that travel with the weights are honest: the model beats them, and no model beats the text\'s own entropy', async () => {
  const { readFileSync } = await import('node:fs');
  const { entropies } = await import('../../tools/corpus/entropy.mjs');
  const b = shipped.baselines;
  assert.ok(b && Number.isFinite(b.unigram) && Number.isFinite(b.bigram), 'atlas-model.js carries baselines');
  assert.ok(model.meta.heldOutLoss < b.bigram && b.bigram < b.unigram);
  // Counts from the training text, scored on the held-out text, cannot beat the held-out text's own
  // unigram and bigram entropies over the same characters (Gibbs' inequality).
  const heldOut = readFileSync(new URL('../../site/model/austen-heldout.txt', import.meta.url), 'utf8');
  const own = entropies(heldOut, model.config.vocab);
  assert.ok(own.unigram.nats <= b.unigram, `${own.unigram.nats} <= ${b.unigram}`);
  assert.ok(own.bigram.nats <= b.bigram, `${own.bigram.nats} <= ${b.bigram}`);
});

// mean loss of the n predictions after the first copy of a text written twice (causal: the
// first copy's predictions are those of the text alone)
function secondCopyLoss(text) {
  const n = [...text].length;
  const once = model.run(text).loss * (n - 1);
  const twice = model.run(text + text).loss * (2 * n - 1);
  return { first: once / (n - 1), second: (twice - once) / n };
}

// Mean weight of a head, in the second copy, on the character after the same one in the first.
function stripe(text, segment) {
  const r = model.run(text);
  const h = r.heads.reduce((a, c) => (c.induction > a.induction ? c : a));
  const A = r.attention[h.layer][h.head];
  const [first, second] = [text.indexOf(segment), text.lastIndexOf(segment)];
  let sum = 0;
  for (let k = 0; k < segment.length - 1; k++) sum += A.data[(second + k) * A.cols + first + k + 1];
  return sum / (segment.length - 1);
}

test('the shipped model copies a repeated random string and a repeat of Austen\'s text', () => {
  const random = 'kqzjvbxwfm';
  assert.ok(stripe(`It was ${random}, and ${random}.`, random) > 0.5, 'the induction stripe on a random string');
  // a sentence of Pride and Prejudice, which the model was trained on; the held-out text's
  // repeats are Catch2's (tests/core/model/austen_model_test.cpp)
  const austen = 'It is a truth universally acknowledged, that a single man ';
  assert.ok(stripe(austen + austen, austen) > 0.3, 'the stripe on a repeat of the text');
  const { first, second } = secondCopyLoss(austen);
  assert.ok(second < first * 0.5, `second copy ${second.toFixed(2)} nats/char against ${first.toFixed(2)} for the first`);
});

test('every head reports its induction score on text repeats from the meta, beside the random-probe one', () => {
  const r = model.run('Anne smiled.');
  const t = model.meta.textRepeats;
  assert.equal(t.induction.length, model.config.layers * model.config.heads);
  for (const h of r.heads) {
    assert.equal(h.textInduction, t.induction[h.layer * model.config.heads + h.head]);
    assert.ok(h.textInduction >= 0 && h.textInduction <= 1);
    assert.ok(h.induction >= 0 && h.induction <= 1);
  }
  assert.ok(t.secondLoss < t.firstLoss);
});
