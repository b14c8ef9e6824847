// The trainer API (docs/api.md): core.createTrainer(options) and
// core.loadTrainer(bytes) return a trainer object over one WASM TrainerHandle
// (wasm/api_trainer.*). The facade fills in the core's defaults
// (limits.trainerDefaults), checks types, names and the core's ranges
// (limits.shape, limits.trainer); every error is a JS Error whose `field` is
// the option it concerns.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

const within = (value, name, range) => arg.integer(value, name, range.min, range.max);

function trainerOptions(value, L) {
  const o = arg.options(value, 'options');
  const names = Object.keys(L.trainerDefaults);
  const unknown = Object.keys(o).find((k) => !names.includes(k));
  if (unknown) throw arg.argumentError(unknown, `'${unknown}' is not a trainer option; the options are ${names.join(', ')}`);
  const d = { ...L.trainerDefaults, ...o };
  return {
    task: arg.text(d.task, 'task'),
    seed: arg.seed(d.seed, L),
    layers: within(d.layers, 'layers', L.shape.layers),
    heads: within(d.heads, 'heads', L.shape.heads),
    dModel: within(d.dModel, 'dModel', L.shape.dModel),
    context: within(d.context, 'context', L.trainer.context),
    vocab: within(d.vocab, 'vocab', L.trainer.vocab),
    batch: within(d.batch, 'batch', L.trainer.batch),
    // The core checks these three against limits.trainer (learningRate and clip above their min).
    learningRate: arg.number(d.learningRate, 'learningRate'),
    weightDecay: arg.number(d.weightDecay, 'weightDecay'),
    clip: arg.number(d.clip, 'clip'),
    mlp: arg.boolean(d.mlp, 'mlp'),
  };
}

// Frees the WASM side of a trainer that was dropped without dispose().
const orphans = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { if (!handle.isDeleted()) handle.delete(); })
  : null;

function fileError(message) {
  const error = arg.argumentError('bytes', message);
  error.name = 'TrainerFileError';
  return error;
}

function wrap(handle, L) {
  let disposed = false;
  const live = () => {
    if (disposed) throw arg.argumentError('trainer', 'This trainer was disposed; create a new one with core.createTrainer()');
    return handle;
  };
  const trainer = {
    get config() { return unwrap(live().config(), 'trainer'); },
    // k AdamW steps -> { step, loss, stopped, message, stoppedLoss }
    step(k = 1) { return unwrap(live().step(within(k, 'steps', L.trainer.steps)), 'steps'); },
    evaluate() { return unwrap(live().evaluate(), 'trainer'); },
    setLearningRate(lr) { unwrap(live().setLearningRate(arg.number(lr, 'learningRate')), 'learningRate'); },
    // layer in 0..layers-1, head in 0..heads-1 (the core checks them against this trainer's shape)
    ablate(layer, head, off = true) {
      unwrap(live().ablate(arg.integer(layer, 'layer', 0, arg.INT_MAX), arg.integer(head, 'head', 0, arg.INT_MAX), Boolean(off)), 'layer');
    },
    // -> { step, lossRepeat, singles, pairs: [{ heads: [{ layer, head }], lossRepeat, rise, backup }] }:
    // the repeat loss with each head and each pair switched off, now (trainer.hpp's ablation_study)
    ablation() { return unwrap(live().ablation(), 'trainer'); },
    save() { return unwrap(live().save(), 'trainer'); },
    dispose() {
      if (disposed) return;
      disposed = true;
      orphans?.unregister(trainer);
      handle.delete();
    },
    get disposed() { return disposed; },
  };
  orphans?.register(trainer, handle, trainer);
  return trainer;
}

export function trainerApi(raw, L) {
  const start = (init) => {
    const handle = new raw.TrainerHandle();
    const result = init(handle);
    if (result && typeof result.error === 'string') {
      handle.delete();
      return { error: result };
    }
    return { trainer: wrap(handle, L) };
  };
  return {
    createTrainer(options) {
      const checked = trainerOptions(options, L);
      const { trainer, error } = start((h) => h.init(checked));
      if (error) unwrap(error, 'options');
      return trainer;
    },
    loadTrainer(bytes) {
      if (!(bytes instanceof Uint8Array)) {
        throw fileError(`loadTrainer needs the Uint8Array that trainer.save() returned; got ${arg.describe(bytes)}`);
      }
      const { trainer, error } = start((h) => h.load(bytes));
      if (error) throw fileError(error.error);
      return trainer;
    },
  };
}
