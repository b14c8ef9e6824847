// core.limits and core.trainerDefaults come from the core (wasm/api_limits.cpp, over
// core/include/atlas/attention/limits.hpp, atlas/model/limits.hpp and the trainer's
// options): the facade writes none of them again. At every limit the facade accepts
// the core's bound and refuses one step past it, and every Error, the facade's or
// the core's, carries the option it concerns as error.field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, testMatrix } from './load.mjs';

const core = await loadCore();
const L = core.limits;

// The message names the option, as the facade (dModel) or the core (d_model) spells it.
const names = (message, field) => message.replace(/_/g, '').toLowerCase().includes(field.toLowerCase());

// call() throws an Error whose field is `field` (and whose message names it, unless named: false).
function refuses(call, field, what, { named = true } = {}) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof Error, what);
    assert.equal(error.field, field, `${what}: ${error.message}`);
    if (named) assert.ok(names(error.message, field), `${what}: the message names ${field}: ${error.message}`);
    return true;
  }, what);
}

const words = (n) => Array.from({ length: n }, (_, i) => `w${i}`);
const identity = { rows: 1, cols: 1, data: [1] };

test('the limits and defaults are frozen data of the core, on the core object', () => {
  assert.ok(Object.isFrozen(L) && Object.isFrozen(L.trainer) && Object.isFrozen(L.trainer.context));
  assert.equal(core.trainerDefaults, L.trainerDefaults);
  for (const key of ['maxSequence', 'maxModel', 'maxWords', 'maxSeries', 'maxStack', 'maxSeed']) {
    assert.ok(Number.isInteger(L[key]) && L[key] > 0, key);
  }
  const t = core.createTrainer();
  const { parameters, ...config } = t.config;
  assert.deepEqual(config, { ...L.trainerDefaults }, 'a default trainer runs with exactly these options');
  assert.ok(parameters > 0);
  t.dispose();
});

test('each attention limit: the core\'s bound is accepted, one past it refused, naming the option', () => {
  const n = L.maxSequence;
  assert.equal(core.focusRows(n).weights.cols, n);
  refuses(() => core.focusRows(n + 1), 'n', 'focusRows');
  assert.equal(core.embed(['a'], L.maxModel, 1).cols, L.maxModel);
  refuses(() => core.embed(['a'], L.maxModel + 1, 1), 'dModel', 'embed dModel');
  assert.equal(core.selfAttention(words(L.maxWords)).weights.rows, L.maxWords);
  refuses(() => core.selfAttention(words(L.maxWords + 1)), 'words', 'selfAttention words');
  assert.equal(core.tokenize(words(L.maxWords).join(' ')).length, L.maxWords);
  refuses(() => core.tokenize(words(L.maxWords + 1).join(' ')), 'sentence', 'tokenize (the core\'s check)');
  const list = Array.from({ length: L.maxSeries }, (_, i) => i);
  assert.equal(core.positionSimilarity(8, 8, { dims: list }).dimensions.rows, L.maxSeries);
  refuses(() => core.positionSimilarity(8, 8, { dims: [...list, 0] }), 'dims', 'positionSimilarity dims');
  refuses(() => core.positionSimilarity(8, 8, { positions: [8] }), 'positions', 'a position past n (the core\'s check)');
  assert.equal(core.rollout(Array(L.maxStack).fill(identity)).length, L.maxStack);
  refuses(() => core.rollout(Array(L.maxStack + 1).fill(identity)), 'layers', 'rollout');
  assert.equal(core.embed(['a'], 2, L.maxSeed).cols, 2);
  refuses(() => core.embed(['a'], 2, L.maxSeed + 1), 'seed', 'seed');
  assert.ok(core.selfAttention(['a', 'b'], { positional: L.maxPositional }));
  refuses(() => core.selfAttention(['a', 'b'], { positional: L.maxPositional * 1.01 }), 'positional', 'positional');
  assert.equal(core.alibiAttention(['a', 'b'], { heads: L.maxAlibiHeads, dModel: L.maxAlibiHeads }).slopes.length, L.maxAlibiHeads);
  refuses(() => core.alibiAttention(['a', 'b'], { heads: L.maxAlibiHeads + 1 }), 'heads', 'alibi heads');
  refuses(() => core.alibiAttention(['a', 'b'], { slopeScale: L.maxSlopeScale * 1.01 }), 'slopeScale', 'slopeScale');
  assert.equal(core.layerEvolution(4, { noise: L.maxNoise }).layers.length, 6);
  refuses(() => core.layerEvolution(4, { noise: L.maxNoise * 1.01 }), 'noise', 'noise');
  refuses(() => core.layerEvolution(L.maxWords + 1), 'n', 'layerEvolution n');
  assert.ok(core.distanceDecays(4, { linear: L.width.min }).linear);
  refuses(() => core.distanceDecays(4, { linear: L.width.min * 0.99 }), 'linear', 'decay width');
  for (const [name, call] of [
    ['concentration', (v) => core.dirichletRows(1, 4, { concentration: v })],
    ['temperature', (v) => core.temperatureRow(4, v)],
  ]) {
    for (const v of [L[name].min, L[name].max]) assert.ok(call(v), `${name} ${v}`);
    refuses(() => call(L[name].min * 0.99), name, `${name} below`);
    refuses(() => call(L[name].max * 1.01), name, `${name} above`);
  }
});

test('section 17\'s limits: the core\'s bounds are accepted, one past them refused, naming the option', () => {
  const T = L.tiling;
  assert.ok(Object.isFrozen(T) && Object.isFrozen(T.costN));
  assert.equal(core.tilingLesson({ n: T.n.max, blockRows: 64, blockCols: 64 }).Q.rows, T.n.max);
  refuses(() => core.tilingLesson({ n: T.n.max + 1 }), 'n', 'tilingLesson n');
  refuses(() => core.tilingLesson({ n: T.n.min - 1 }), 'n', 'tilingLesson n below');
  assert.equal(core.tilingLesson({ n: 4, d: T.d.max }).Q.cols, T.d.max);
  refuses(() => core.tilingLesson({ d: T.d.max + 1 }), 'd', 'tilingLesson d');
  assert.equal(core.attentionMemory([T.costN.max]).standard.length, 1);
  refuses(() => core.attentionMemory([T.costN.max + 1]), 'ns', 'a length past costN');
  assert.equal(core.attentionIo(Array(T.costLengths).fill(64)).standard.length, T.costLengths);
  refuses(() => core.attentionIo(Array(T.costLengths + 1).fill(64)), 'ns', 'more lengths than costLengths');
  assert.equal(core.attentionIo([64], { M: T.fastMemory.max }).tiled.length, 1);
  refuses(() => core.attentionIo([64], { M: T.fastMemory.max + 1 }), 'M', 'M past fastMemory');
  refuses(() => core.attentionMemory([64], { d: L.maxModel + 1 }), 'd', 'attentionMemory d');
});

test('each trainer limit: the core\'s bounds are accepted, one past them refused, naming the option', () => {
  const ends = { ...L.shape, ...L.trainer };
  for (const name of ['layers', 'heads', 'dModel', 'context', 'vocab', 'batch']) {
    for (const v of [ends[name].min, ends[name].max]) {
      const options = { [name]: v, ...(name === 'heads' ? { dModel: v * 2 } : {}), ...(name === 'dModel' ? { heads: 1 } : {}) };
      const t = core.createTrainer(options);
      assert.equal(t.config[name], v, `${name} ${v}`);
      t.dispose();
    }
    refuses(() => core.createTrainer({ [name]: ends[name].min - 1 }), name, `${name} below`);
    refuses(() => core.createTrainer({ [name]: ends[name].max + 1 }), name, `${name} above`);
  }
  // The core's own checks, which the facade does not repeat:
  refuses(() => core.createTrainer({ learningRate: L.trainer.learningRate.min }), 'learningRate', 'learningRate at its open end');
  refuses(() => core.createTrainer({ learningRate: L.trainer.learningRate.max * 1.01 }), 'learningRate', 'learningRate above');
  refuses(() => core.createTrainer({ weightDecay: L.trainer.weightDecay.max * 1.01 }), 'weightDecay', 'weightDecay');
  refuses(() => core.createTrainer({ clip: L.trainer.clip.min }), 'clip', 'clip');
  refuses(() => core.createTrainer({ heads: 3 }), 'heads', 'heads that do not divide dModel');
  refuses(() => core.createTrainer({ task: 'sort' }), 'task', 'task');
  refuses(() => core.createTrainer({ mlp: 1 }), 'mlp', 'mlp');
  refuses(() => core.createTrainer({ depth: 2 }), 'depth', 'an unknown option');
  const t = core.createTrainer();
  assert.equal(t.step(1).step, 1);
  refuses(() => t.step(L.trainer.steps.max + 1), 'steps', 'steps');
  refuses(() => t.ablate(L.trainerDefaults.layers, 0), 'layer', 'a layer past this trainer\'s (the core\'s check)');
  refuses(() => t.ablate(0, L.trainerDefaults.heads), 'head', 'a head past this trainer\'s (the core\'s check)');
  refuses(() => t.setLearningRate(0), 'learningRate', 'setLearningRate');
  t.dispose();
  refuses(() => t.evaluate(), 'trainer', 'a disposed trainer');
  refuses(() => core.loadTrainer(new Uint8Array(3)), 'bytes', 'loadTrainer', { named: false });
});

test('errors the core finds carry the argument it names', () => {
  const I2 = { rows: 2, cols: 2, data: [1, 0, 0, 1] };
  refuses(() => core.attention(I2, testMatrix(2, 3, 1), I2), 'K', 'K of another width');
  refuses(() => core.attention(I2, I2, testMatrix(3, 2, 1)), 'V', 'V with other rows');
  refuses(() => core.attention({ rows: 2, cols: 2, data: [1, NaN, 0, 1] }, I2, I2), 'Q', 'NaN in Q');
  refuses(() => core.attention(I2, I2, I2, { mask: { rows: 2, cols: 2, data: [0, 0.5, 0, 0] } }), 'mask', 'a mask with 0.5');
  refuses(() => core.pattern('global-local', 4, { globals: 5 }), 'globals', 'more globals than tokens');
  refuses(() => core.pattern('banded', 4), 'name', 'an unknown pattern');
  refuses(() => core.entropy({ rows: 1, cols: 2, data: [0.5, 0.2] }), 'W', 'a row that is not a distribution');
  refuses(() => core.multiHead(['a', 'b'], { dModel: 6, heads: 4 }), 'dModel', 'a dModel that heads do not divide');
  refuses(() => core.headRoles(['a', 'b'], { marked: [true] }), 'marked', 'marks of another length');
  refuses(() => core.attentionTrace(I2, I2, I2, 2), 'query', 'a query past n');
});
