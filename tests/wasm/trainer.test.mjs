// The trainer API of docs/api.md on dist/attention-core.js: defaults, the shape
// of evaluate(), ablation, save/load, dispose, divergence and every bad option.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';

const core = await loadCore();

test('createTrainer() documents its defaults in config', () => {
  const t = core.createTrainer();
  const c = t.config;
  assert.deepEqual(
    [c.task, c.seed, c.layers, c.heads, c.dModel, c.context, c.vocab, c.batch, c.learningRate, c.mlp],
    ['induction', 1, 2, 2, 32, 24, 16, 16, 0.003, false]);
  // transformer.hpp's layout: wte (V x D), wpe (T x D), per layer ln1 (2 D) and wq, wk, wv, wo (D x D),
  // lnf (2 D), wu (D x V); no MLP.
  const { vocab: V, dModel: D, context: T, layers } = c;
  assert.equal(c.parameters, V * D + T * D + layers * (2 * D + 4 * D * D) + 2 * D + D * V);
  t.dispose();
});

test('step(k) advances k steps and returns a finite loss that falls', () => {
  const t = core.createTrainer({ seed: 2 });
  const first = t.step(1);
  assert.equal(first.step, 1);
  assert.equal(first.stopped, false);
  const later = t.step(150);
  assert.equal(later.step, 151);
  assert.ok(Number.isFinite(later.loss) && later.loss < first.loss, `${later.loss} < ${first.loss}`);
  t.dispose();
});

test('evaluate() gives the probe losses, a score per head and every head\'s T x T attention', () => {
  const t = core.createTrainer({ layers: 2, heads: 2, context: 20 });
  const e = t.evaluate();
  assert.equal(e.step, 0);
  for (const k of ['loss', 'lossFirst', 'lossRepeat']) assert.ok(Number.isFinite(e[k]) && e[k] > 0, k);
  assert.equal(e.heads.length, 4);
  assert.deepEqual(e.heads.map((h) => [h.layer, h.head]), [[0, 0], [0, 1], [1, 0], [1, 1]]);
  for (const h of e.heads) {
    for (const k of ['previousToken', 'firstToken', 'induction']) assert.ok(h[k] >= 0 && h[k] <= 1, k);
    assert.ok(h.meanDistance >= 0 && h.entropy >= 0);
  }
  assert.equal(e.tokens.length, 20);
  assert.equal(e.tokens[0], 0);
  assert.equal(e.attention.length, 2);
  for (const layer of e.attention) {
    assert.equal(layer.length, 2);
    for (const A of layer) {
      assert.equal(A.rows, 20);
      assert.ok(A.data instanceof Float64Array);
      for (let i = 0; i < 20; i++) {
        let sum = 0;
        for (let j = 0; j < 20; j++) {
          sum += A.data[i * 20 + j];
          if (j > i) assert.equal(A.data[i * 20 + j], 0, 'causal: no weight on a later key');
        }
        assert.ok(Math.abs(sum - 1) < 1e-5);
      }
    }
  }
  t.dispose();
});

test('ablating the induction head raises the repeat loss; switching it back restores it', () => {
  const t = core.createTrainer({ seed: 1 });
  t.step(600);
  const trained = t.evaluate();
  const best = trained.heads.reduce((a, b) => (b.induction > a.induction ? b : a));
  assert.ok(best.induction >= 0.4, `induction ${best.induction}`);
  t.ablate(best.layer, best.head, true);
  const ablated = t.evaluate();
  assert.ok(ablated.heads.find((h) => h.layer === best.layer && h.head === best.head).ablated);
  assert.ok(ablated.lossRepeat > trained.lossRepeat + 0.3, `${ablated.lossRepeat} vs ${trained.lossRepeat}`);
  t.ablate(best.layer, best.head, false);
  assert.equal(t.evaluate().lossRepeat, trained.lossRepeat);
  t.dispose();
});

test('save() and loadTrainer() resume the same run', () => {
  const a = core.createTrainer({ seed: 3, task: 'reverse' });
  a.step(10);
  const bytes = a.save();
  assert.ok(bytes instanceof Uint8Array);
  const b = core.loadTrainer(bytes);
  assert.equal(b.config.task, 'reverse');
  assert.equal(a.step(5).loss, b.step(5).loss);
  a.dispose();
  b.dispose();
});

test('loadTrainer() refuses truncated, altered and wrong inputs with a TrainerFileError', () => {
  const t = core.createTrainer();
  const bytes = t.save();
  t.dispose();
  const altered = bytes.slice();
  altered[64] ^= 1;
  for (const [input, pattern] of [[bytes.slice(0, bytes.length - 9), /checksum/], [altered, /checksum/],
    [new Uint8Array(3), /too short/], [[1, 2, 3], /Uint8Array/], [null, /Uint8Array/]]) {
    assert.throws(() => core.loadTrainer(input), (e) => e.name === 'TrainerFileError' && pattern.test(e.message));
  }
  assert.ok(core.createTrainer().step(1).loss > 0, 'the core keeps working');
});

test('a disposed trainer throws a clear Error on every call', () => {
  const t = core.createTrainer();
  t.dispose();
  t.dispose();
  assert.equal(t.disposed, true);
  for (const call of [() => t.step(1), () => t.evaluate(), () => t.save(), () => t.config,
    () => t.setLearningRate(0.01), () => t.ablate(0, 0)]) {
    assert.throws(call, /disposed/);
  }
});

test('a learning rate of 10 stops training with a message, and no NaN comes out', () => {
  const t = core.createTrainer({ learningRate: 10 });
  const r = t.step(100);
  assert.equal(r.stopped, true);
  assert.match(r.message, /Training stopped at step \d+/);
  assert.ok(Number.isFinite(r.loss));
  assert.throws(() => t.step(1), /Create a new trainer to train again/);
  const e = t.evaluate();
  assert.ok(e.heads.every((h) => Object.values(h).every((v) => typeof v !== 'number' || Number.isFinite(v))));
  t.dispose();
});

test('a stopped step returns the last applied loss and, as stoppedLoss, the loss its message names', () => {
  const options = { learningRate: 10 };
  const t = core.createTrainer(options);
  const r = t.step(100);
  assert.equal(r.stopped, true);
  const ceiling = 2 * Math.log(t.config.vocab);
  assert.equal(typeof r.stoppedLoss, 'number');
  assert.ok(!Number.isFinite(r.stoppedLoss) || r.stoppedLoss > ceiling, `${r.stoppedLoss} is past the ceiling ${ceiling}`);
  assert.ok(Number.isFinite(r.loss) && r.loss <= ceiling, `${r.loss}: the last good step's`);
  assert.match(r.message, new RegExp(`at step ${r.step}:`));
  if (Number.isFinite(r.stoppedLoss)) {
    const named = Number(r.message.match(/rose to ([\d.]+) nats/)[1]);
    assert.ok(Math.abs(named - r.stoppedLoss) < 1e-3, `the message names ${named}, stoppedLoss is ${r.stoppedLoss}`);
  }
  t.dispose();

  // The same run in two calls: the good steps, then the one that stops.
  const again = core.createTrainer(options);
  const good = again.step(r.step);
  assert.equal(good.stopped, false);
  assert.equal(good.stoppedLoss, null, 'null while training');
  assert.equal(good.loss, r.loss);
  const next = again.step(1);
  assert.deepEqual([next.stopped, next.step, next.loss], [true, r.step, r.loss]);
  assert.ok(Object.is(next.stoppedLoss, r.stoppedLoss), `${next.stoppedLoss} then ${r.stoppedLoss}`);
  again.dispose();
});

test('every bad option is named', () => {
  const bad = [
    [{ task: 'sort' }, /task must be 'induction' or 'reverse'; got 'sort'/],
    [{ layers: 0 }, /layers/], [{ layers: 1.5 }, /layers/], [{ heads: 3 }, /heads must divide dModel/],
    [{ dModel: 1000 }, /dModel/], [{ context: 65 }, /context/], [{ vocab: 3 }, /vocab/], [{ batch: 0 }, /batch/],
    [{ learningRate: NaN }, /learningRate/], [{ learningRate: 0 }, /learningRate/], [{ learningRate: -1 }, /learningRate/],
    [{ learningRate: 11 }, /learningRate/], [{ seed: -1 }, /seed/], [{ mlp: 'yes' }, /mlp/], [{ colour: 1 }, /'colour' is not a trainer option/],
    ['fast', /options/],
  ];
  for (const [options, pattern] of bad) assert.throws(() => core.createTrainer(options), pattern, JSON.stringify(options));
  const t = core.createTrainer();
  assert.throws(() => t.setLearningRate(0), /learningRate/);
  assert.throws(() => t.step(0), /steps/);
  assert.throws(() => t.ablate(2, 0), /layer must be 0 to 1/);
  assert.throws(() => t.ablate(0, 5), /head must be 0 to 1/);
  t.setLearningRate(0.01);
  assert.equal(t.config.learningRate, 0.01);
  t.dispose();
});
