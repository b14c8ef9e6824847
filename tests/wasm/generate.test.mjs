// m.generate, m.logits, m.run's mask and matrices option and m.loss on the shipped model through the JS
// API (docs/api.md): the KV cache agrees with recomputing, a seed repeats,
// temperature 0 is the argmax of m.logits, the multiply-adds grow as the
// cache says, and each bad option is an Error whose field names it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { loadCore } from './load.mjs';

const require = createRequire(import.meta.url);
const shipped = require('../../dist/atlas-model.js');
const core = await loadCore();
const model = core.loadModel(shipped);
const PROMPT = 'It is a truth universally acknowledged, that a single man';
const text = (g) => g.characters.map((c) => c.character).join('');

function argmaxOfLastRow({ rows, cols, data }) {
  let best = 0;
  for (let j = 1; j < cols; j++) if (data[(rows - 1) * cols + j] > data[(rows - 1) * cols + best]) best = j;
  return best;
}

// Cached and recomputed logits differ by float32 rounding, which grows with their size: within 1e-6 of
// the largest |logit| the model gives (under 30, as tests/core/model/kv_cache_test.cpp asserts).
const LOGIT_TOLERANCE = 1e-6 * 30;

test('generate continues the prompt with the cache, within float32 rounding of recomputing every step', () => {
  const g = model.generate(PROMPT, { steps: 40, seed: 3 });
  assert.equal(g.characters.length, 40);
  assert.deepEqual(g.prompt, [...PROMPT]);
  assert.ok(g.maxDifference <= LOGIT_TOLERANCE, `max difference ${g.maxDifference}`);
  assert.equal(g.maxDifference, Math.max(...g.characters.map((c) => c.difference)));
  g.characters.forEach((c, k) => {
    const seen = PROMPT.length + k;
    assert.equal(c.attention.length, model.config.layers);
    for (const layer of c.attention) {
      assert.equal(layer.rows, model.config.heads);
      assert.equal(layer.cols, seen);
    }
    if (k > 0) assert.ok(c.multiplyAddsCached < c.multiplyAddsFull / 10, `step ${k}`);
    assert.ok(c.probability > 0 && c.probability <= 1);
  });
  assert.equal(g.characters[0].multiplyAddsCached, g.characters[0].multiplyAddsFull); // the first step runs the whole prompt
});

test('the same seed gives the same continuation; temperature 0 follows the argmax of m.logits', () => {
  assert.equal(text(model.generate(PROMPT, { steps: 30, seed: 9 })), text(model.generate(PROMPT, { steps: 30, seed: 9 })));
  const greedy = model.generate(PROMPT, { steps: 20, temperature: 0, compare: false });
  let so = PROMPT;
  for (const c of greedy.characters) {
    const best = argmaxOfLastRow(model.logits(so));
    assert.equal(c.character, best === 0 ? model.config.unknownSymbol : model.config.vocab[best - 1]);
    assert.equal(c.difference, null);
    so += c.character;
  }
  assert.equal(text(model.generate(PROMPT, { steps: 20, temperature: 0, cache: false, compare: false })), text(greedy));
});

test("each character's attention rows are the last row of m.run on what it read, every layer and head", () => {
  const g = model.generate(PROMPT, { steps: 12, seed: 5, compare: false });
  g.characters.forEach((c, k) => {
    const read = PROMPT + text({ characters: g.characters.slice(0, k) });
    const run = model.run(read);
    const t = read.length;
    c.attention.forEach((layer, l) => {
      for (let h = 0; h < model.config.heads; h++) {
        const last = run.attention[l][h].data.subarray((t - 1) * t, t * t);
        const row = layer.data.subarray(h * t, (h + 1) * t);
        const worst = Math.max(...row.map((w, j) => Math.abs(w - last[j])));
        assert.ok(worst <= 1e-5, `character ${k}, layer ${l}, head ${h}: ${worst}`);
      }
    });
  });
});

// Section 16 shows a smaller number of characters as the first ones of a longer generation.
test('a generation of k characters is the first k of a longer one with the same settings, numbers and all', () => {
  for (const settings of [{ seed: 4, temperature: 1.2, topK: 20 }, { seed: 4, temperature: 0 }]) {
    const long = model.generate(PROMPT, { ...settings, steps: 71, compare: false });
    for (const steps of [1, 9, 40]) {
      const short = model.generate(PROMPT, { ...settings, steps, compare: false });
      assert.deepEqual(short.characters, long.characters.slice(0, steps), `${JSON.stringify(settings)}, ${steps} characters`);
      assert.equal(short.totalMultiplyAddsCached, short.characters.reduce((sum, c) => sum + c.multiplyAddsCached, 0));
      assert.equal(short.totalMultiplyAddsFull, short.characters.reduce((sum, c) => sum + c.multiplyAddsFull, 0));
    }
  }
});

test('a generation from the prompt of an earlier one gives what it gives after any other', () => {
  const options = { steps: 30, seed: 11, temperature: 0.9, topK: 8, compare: false };
  model.generate('Emma Woodhouse, handsome, clever', options); // another prompt: nothing of PROMPT kept
  const fresh = model.generate(PROMPT, options);
  model.generate(PROMPT, { ...options, seed: 12, temperature: 1.4 }); // PROMPT kept: the next one starts from it
  assert.deepEqual(model.generate(PROMPT, options), fresh);
});

test('logits has a row per character and a column per token', () => {
  const L = model.logits('Emma');
  assert.equal(L.rows, 4);
  assert.equal(L.cols, model.config.vocab.length + 1);
});

test('run with a mask of zeros is run without one; a blocked key has weight 0', () => {
  const sentence = 'She was the youngest of the two daughters.';
  const n = [...sentence].length;
  const plain = model.run(sentence);
  const zeros = model.run(sentence, { mask: { rows: n, cols: n, data: new Float64Array(n * n) } });
  assert.equal(zeros.loss, plain.loss);
  assert.deepEqual([...zeros.losses], [...plain.losses]);
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j + 4 <= i; j++) data[i * n + j] = 1; // a window of 4
  const windowed = model.run(sentence, { mask: { rows: n, cols: n, data } });
  for (const layer of windowed.attention) {
    for (const A of layer) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (data[i * n + j]) assert.equal(A.data[i * n + j], 0);
  }
  assert.notEqual(windowed.loss, plain.loss);
});

test('m.loss gives m.run\'s tokens, loss and losses, with and without a mask, and names a bad mask', () => {
  const sentence = 'She was the youngest of the two daughters.';
  const n = [...sentence].length;
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j + 6 <= i; j++) data[i * n + j] = 1; // a window of 6
  for (const options of [undefined, { mask: { rows: n, cols: n, data } }]) {
    const run = model.run(sentence, options);
    const loss = model.loss(sentence, options);
    assert.deepEqual(Object.keys(loss).sort(), ['loss', 'losses', 'tokens', 'unknown']);
    assert.equal(loss.loss, run.loss);
    assert.deepEqual([...loss.losses], [...run.losses]);
    assert.deepEqual(loss.tokens, run.tokens);
  }
  assert.notEqual(model.loss(sentence, { mask: { rows: n, cols: n, data } }).loss, model.loss(sentence).loss);
  assert.throws(() => model.loss(sentence, { mask: { rows: 2, cols: 2, data: [0, 0, 0, 0] } }), (e) => e.field === 'mask');
  assert.throws(() => model.loss('E'), (e) => e.field === 'text');
});

test('m.run with matrices: false gives m.run\'s heads and loss without attention and words, and names a bad value', () => {
  const sentence = 'She was the youngest of the two daughters.';
  const n = [...sentence].length;
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j + 6 <= i; j++) data[i * n + j] = 1; // a window of 6
  for (const mask of [undefined, { rows: n, cols: n, data }]) {
    const full = model.run(sentence, { mask });
    const lean = model.run(sentence, { mask, matrices: false });
    assert.deepEqual(Object.keys(lean).sort(), ['heads', 'loss', 'losses', 'tokens', 'unknown']);
    assert.equal(lean.loss, full.loss);
    assert.deepEqual(lean.heads, full.heads);
    assert.ok(full.attention.length > 0 && full.words.labels.length > 0);
  }
  assert.throws(() => model.run(sentence, { matrices: 0 }), (e) => e.field === 'matrices');
});

test('every bad option is an Error naming its field', () => {
  const fieldOf = (fn) => {
    try {
      fn();
    } catch (error) {
      return error.field;
    }
    return 'no error';
  };
  const long = 'a'.repeat(model.config.context);
  assert.equal(fieldOf(() => model.generate(long, { steps: 1 })), 'prompt');
  assert.equal(fieldOf(() => model.generate('caf\u00e9 ~', { steps: 1 })), 'prompt');
  assert.equal(fieldOf(() => model.generate(42)), 'prompt');
  assert.equal(fieldOf(() => model.generate('a'.repeat(100), { steps: 29 })), 'steps');
  assert.equal(fieldOf(() => model.generate('abc', { steps: 1.5 })), 'steps');
  assert.equal(fieldOf(() => model.generate('abc', { temperature: -1 })), 'temperature');
  assert.equal(fieldOf(() => model.generate('abc', { topK: 0 })), 'topK');
  assert.equal(fieldOf(() => model.generate('abc', { topK: model.config.vocab.length + 2 })), 'topK');
  assert.equal(fieldOf(() => model.generate('abc', { cache: 'yes' })), 'cache');
  assert.equal(fieldOf(() => model.run('abc', { mask: { rows: 2, cols: 2, data: [0, 0, 0, 0] } })), 'mask');
  assert.equal(fieldOf(() => model.logits('')), 'text');
  assert.throws(() => model.generate('a'.repeat(100), { steps: 29 }), /steps must be 1 to 28: the prompt has 100 characters/);
  assert.equal(model.generate('abc', { steps: 2 }).characters.length, 2); // the model still works
});
