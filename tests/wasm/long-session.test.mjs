// A page left open in a course for a whole term: 10,000 updates through every
// public function of dist/attention-core.js, valid and invalid input mixed as a
// learner's slider moves and typing would send them, and WASM memory stops
// growing once every call has run a few times.
//
// Memory is read from the Emscripten module object (the object passed to the
// factory becomes it), without exposing anything new:
//   heapBytes    HEAP8.buffer.byteLength, the size of WASM linear memory; it
//                only grows, so a leak shows as growth;
//   probeAddress where malloc places a 4 MiB block (freed at once): emmalloc
//                carves it from the lowest free region large enough, so a
//                single leaked allocation left in that region pushes it up,
//                long before the memory as a whole has to grow;
//   handles      Embind's count of live JS value handles (count_emval_handles).
//
// To cover a new public function, add one entry to CALLS: [name, update]. The
// first test fails while a function of the API has no entry. A trainer's
// entries create, step and dispose one in every update (the trainer's own
// methods are called there), so trainers that are not freed show up too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { createAttentionCore, testMatrix } from './load.mjs';

const shippedModel = createRequire(import.meta.url)('../../dist/atlas-model.js');
let sharedModel;

const UPDATES = 10_000;
// Warm-up: the allocator reaches its high-water mark once each call has met its largest inputs;
// with the 41 calls of this round that took between 1000 and 2000 updates (the heap's top moved
// 8 bytes there, then not at all for 8000 updates), so checks start at 2000. A leak keeps growing.
const WARM_UP = 2_000;
const CHECK_EVERY = 1_000;
const PROBE_BYTES = 4 << 20;

const SENTENCES = ['The cat sat on the mat', 'a b', 'Über café 猫 🐈 naïve', 'one',
  'the the the the the the the the the the the the'];
const sentence = (k) => SENTENCES[k % SENTENCES.length].split(' ');
const size = (k, lo, hi) => lo + (k % (hi - lo + 1));

const SMALL_TRAINER = { layers: 1, heads: 1, dModel: 8, context: 8, vocab: 4, batch: 2 };
const savedTrainer = (core, seed) => {
  const t = core.createTrainer({ ...SMALL_TRAINER, seed });
  t.step(1);
  const bytes = t.save();
  t.dispose();
  return bytes;
};

// [name of the public function, update(core, k)]: call k of a long session.
// Every third update of a function passes an argument the core must reject.
const CALLS = [
  ['attention', (core, k) => {
    const n = size(k, 1, 12);
    const Q = testMatrix(n, 8, k), K = testMatrix(n, 8, k + 1);
    const V = k % 3 ? testMatrix(n, 4, k + 2) : testMatrix(n + 1, 4, k + 2);
    return core.attention(Q, K, V, { mask: core.causalMask(n) });
  }],
  ['causalMask', (core, k) => core.causalMask(k % 3 ? size(k, 1, 40) : 0)],
  ['positionalEncoding', (core, k) => core.positionalEncoding(size(k, 1, 50), k % 3 ? 16 : -1)],
  ['entropy', (core, k) => core.entropy(k % 3 ? core.pattern('causal', size(k, 1, 20)) : testMatrix(3, 3, k))],
  ['pattern', (core, k) => core.pattern(k % 3 ? 'local' : 'nope', size(k, 1, 30), { window: size(k, 1, 7) })],
  ['tokenize', (core, k) => core.tokenize(k % 3 ? SENTENCES[k % SENTENCES.length] : ' \t ')],
  ['embed', (core, k) => core.embed(sentence(k), k % 3 ? size(k, 1, 32) : 0, k)],
  ['selfAttention', (core, k) => core.selfAttention(sentence(k),
    { dModel: 16, seed: k, positional: k % 3 ? k % 5 : 11, causal: k % 2 === 0 })],
  ['positionSimilarity', (core, k) => core.positionSimilarity(size(k, 2, 40), 16,
    { dims: [0, k % 3 ? 5 : 16], positions: [1] })],
  ['positionEffect', (core, k) => core.positionEffect(sentence(k), { positional: k % 3 ? 1 + (k % 4) : -1 })],
  ['causalAttention', (core, k) => core.causalAttention(k % 3 ? sentence(k) : [], { seed: k })],
  ['patternSet', (core, k) => core.patternSet(size(k, 1, 24), { stride: k % 3 ? size(k, 1, 5) : 0 })],
  ['multiHead', (core, k) => core.multiHead(sentence(k), { dModel: 16, heads: k % 3 ? 1 << (k % 5) : 3 })],
  ['crossAttention', (core, k) => core.crossAttention(sentence(k), k % 3 ? sentence(k + 1) : [''], { seed: k })],
  ['headRoles', (core, k) => core.headRoles(sentence(k), k % 3 ? {} : { marked: [true] })],
  ['distanceDecays', (core, k) => core.distanceDecays(size(k, 1, 30), { linear: k % 3 ? 1 + (k % 9) : 0 })],
  ['alibiAttention', (core, k) => core.alibiAttention(sentence(k), { heads: k % 3 ? size(k, 1, 8) : 17 })],
  ['layerEvolution', (core, k) => core.layerEvolution(k % 3 ? size(k, 1, 24) : 65, { seed: k, noise: (k % 7) / 3 })],
  ['rollout', (core, k) => {
    const layers = core.layerEvolution(size(k, 2, 12), { seed: k }).layers;
    return core.rollout(k % 3 ? layers : [...layers, testMatrix(2, 2, k)], { residual: (k % 11) / 10 });
  }],
  ['focusRows', (core, k) => core.focusRows(k % 3 ? size(k, 1, 40) : 4097)],
  ['dirichletRows', (core, k) => core.dirichletRows(3, size(k, 1, 30), { concentration: k % 3 ? 0.05 * (1 + k % 40) : 0, seed: k })],
  ['temperatureRow', (core, k) => core.temperatureRow(size(k, 1, 30), k % 3 ? 10 ** ((k % 7) - 3) : 0)],
  ['attentionTrace', (core, k) => {
    const n = size(k, 1, 10);
    return core.attentionTrace(testMatrix(n, 4, k), testMatrix(n, 4, k + 1), testMatrix(n, 3, k + 2), k % 3 ? k % n : n);
  }],
  ['rotary', (core, k) => core.rotary(testMatrix(3, k % 3 ? 8 : 7, k), [0, k, 2 * k], { base: 10 ** (2 + (k % 5)) })],
  ['rotaryLesson', (core, k) => core.rotaryLesson({ d: k % 3 ? 2 * size(k, 1, 32) : 9, offset: k % 100, pair: k % 2, seed: k })],
  ['groupedQuery', (core, k) => core.groupedQuery(sentence(k), { heads: 4, kvHeads: k % 3 ? 1 << (k % 3) : 3, seed: k })],
  ['kvCacheSize', (core, k) => core.kvCacheSize({ layers: size(k, 1, 80), heads: 8, kvHeads: k % 3 ? 2 : 3, headSize: 64, context: 1 + k })],
  ['attentionTiled', (core, k) => {
    const n = size(k, 1, 12);
    const Q = testMatrix(n, 4, k);
    return core.attentionTiled(Q, Q, Q, { blockRows: k % 3 ? size(k, 1, 5) : 0, blockCols: size(k, 1, 7), trace: k % 2 === 0 });
  }],
  ['tilingLesson', (core, k) => core.tilingLesson({ n: size(k, 1, 24), blockRows: size(k, 1, 6), blockCols: k % 3 ? size(k, 1, 9) : 0, causal: k % 2 === 0, seed: k })],
  ['attentionMemory', (core, k) => core.attentionMemory(k % 3 ? [64, 128, size(k, 1, 4096)] : [], { blockRows: size(k, 1, 64) })],
  ['attentionIo', (core, k) => core.attentionIo([64, 1024, 16384], { M: k % 3 ? 2 ** size(k, 10, 20) : 0 })],
  ['windowMask', (core, k) => core.windowMask(size(k, 1, 40), { window: size(k, 1, 12), sinks: k % 3 ? k % 2 : 13 })],
  ['receptiveField', (core, k) => core.receptiveField({ n: 32, window: k % 3 ? size(k, 1, 32) : 33, layers: size(k, 1, 8) })],
  // A trainer's whole life: create, step, evaluate, save, dispose. A learning
  // rate of 0 is refused; one of 10 diverges and stops with a message.
  ['createTrainer', (core, k) => {
    const t = core.createTrainer({ ...SMALL_TRAINER, seed: k, learningRate: [0, 10, 0.01][k % 3] });
    try {
      t.step(1 + (k % 3));
      t.evaluate();
      return t.save();
    } finally {
      t.dispose();
    }
  }],
  // Run the shipped model on a sentence (every third: on empty text, which it
  // refuses); every tenth update loads and frees a model of its own (a load
  // runs four probes, ~0.1 s, so not every time).
  ['loadModel', (core, k) => {
    const own = k % 10 === 0;
    const m = own ? core.loadModel(shippedModel) : (sharedModel ??= core.loadModel(shippedModel));
    try {
      return m.run(k % 3 ? SENTENCES[k % SENTENCES.length] : '');
    } finally {
      if (own) m.dispose();
    }
  }],
  // The per-layer summary of a trained run (every third: no layers, which it refuses).
  ['modelLayers', (core, k) => {
    sharedModel ??= core.loadModel(shippedModel);
    const run = sharedModel.run(SENTENCES[k % SENTENCES.length]);
    return core.modelLayers(k % 3 ? (k % 2 ? run.attention : run.words.attention) : [], { residual: (k % 11) / 10 });
  }],
  // Resume a saved run, or refuse a truncated file with a TrainerFileError.
  ['loadTrainer', (core, k) => {
    const bytes = savedTrainer(core, k);
    const t = core.loadTrainer(k % 3 ? bytes : bytes.subarray(0, bytes.length - 1 - (k % bytes.length)));
    try {
      return t.step(1);
    } finally {
      t.dispose();
    }
  }],
];

function memory(module) {
  const address = module._malloc(PROBE_BYTES);
  module._free(address);
  return {
    heapBytes: module.HEAP8.buffer.byteLength,
    probeAddress: address,
    handles: module.count_emval_handles(),
  };
}

test('the session table has an entry for every public function of the core', async () => {
  const core = await createAttentionCore();
  const covered = new Set(CALLS.map(([name]) => name));
  const functions = Object.keys(core).filter((name) => typeof core[name] === 'function');
  assert.deepEqual(functions.filter((name) => !covered.has(name)), []);
});

test(`${UPDATES} updates through every public function: WASM memory stops growing after warm-up`, async () => {
  const module = {};
  const core = await createAttentionCore(module);
  const loaded = memory(module);
  const counts = { ok: 0, error: 0 };
  const checkpoints = [];
  for (let k = 0; k < UPDATES; k++) {
    const [name, update] = CALLS[k % CALLS.length];
    try {
      update(core, Math.floor(k / CALLS.length));
      counts.ok++;
    } catch (error) {
      // The message names the option, or the file (a TrainerFileError or ModelFileError, field 'bytes' or 'source').
      const names = error.message.replace(/_/g, '').toLowerCase().includes(String(error.field).toLowerCase());
      assert.ok(error instanceof Error && typeof error.field === 'string' && (names || /FileError$/.test(error.name)),
        `${name}: ${error} (field ${error.field})`);
      counts.error++;
    }
    if ((k + 1) % CHECK_EVERY === 0 && k + 1 >= WARM_UP) checkpoints.push({ after: k + 1, ...memory(module) });
  }
  const [first, ...later] = checkpoints;
  console.log(`long session: ${counts.ok} results + ${counts.error} Errors; memory when loaded`,
    JSON.stringify(loaded), `then ${JSON.stringify(checkpoints)}`);
  assert.ok(counts.error > UPDATES / 5 && counts.ok > UPDATES / 2, JSON.stringify(counts));
  for (const c of later) {
    assert.equal(c.heapBytes, first.heapBytes, `WASM memory grew by update ${c.after}`);
    assert.equal(c.probeAddress, first.probeAddress, `heap in use grew by update ${c.after}`);
    assert.equal(c.handles, first.handles, `Embind handles leaked by update ${c.after}`);
  }
  assert.equal(core.causalMask(2).rows, 2, 'the core still answers');
});
