// The trainer API of docs/api.md: core.createTrainer(options) and
// core.loadTrainer(bytes) return a trainer object over one WASM TrainerHandle
// (wasm/api_trainer.*). The facade fills in the defaults, checks types and
// names; the core checks ranges (one source of truth for the limits) and
// every error comes back as a JS Error naming the option.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';
import { TRAINER_DEFAULTS } from './trainer-defaults.js';


function trainerOptions(value) {
  const o = arg.options(value, 'options');
  const names = Object.keys(TRAINER_DEFAULTS);
  const unknown = Object.keys(o).find((k) => !names.includes(k));
  if (unknown) throw new Error(`'${unknown}' is not a trainer option; the options are ${names.join(', ')}`);
  const d = { ...TRAINER_DEFAULTS, ...o };
  if (typeof d.mlp !== 'boolean') throw new Error(`mlp must be true or false; got ${typeof d.mlp} ${String(d.mlp)}`);
  return {
    task: arg.text(d.task, 'task'),
    seed: arg.seed(d.seed),
    layers: arg.integer(d.layers, 'layers', 1, 8),
    heads: arg.integer(d.heads, 'heads', 1, 16),
    dModel: arg.integer(d.dModel, 'dModel', 2, 256),
    context: arg.integer(d.context, 'context', 8, 64),
    vocab: arg.integer(d.vocab, 'vocab', 4, 64),
    batch: arg.integer(d.batch, 'batch', 1, 64),
    learningRate: arg.number(d.learningRate, 'learningRate'),
    weightDecay: arg.number(d.weightDecay, 'weightDecay'),
    clip: arg.number(d.clip, 'clip'),
    mlp: d.mlp,
  };
}

// Frees the WASM side of a trainer that was dropped without dispose().
const orphans = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { if (!handle.isDeleted()) handle.delete(); })
  : null;

function fileError(message) {
  const error = new Error(message);
  error.name = 'TrainerFileError';
  return error;
}

function wrap(handle) {
  let disposed = false;
  const live = () => {
    if (disposed) throw new Error('This trainer was disposed; create a new one with core.createTrainer()');
    return handle;
  };
  const trainer = {
    get config() { return unwrap(live().config()); },
    // k AdamW steps -> { step, loss, stopped, message }
    step(k = 1) { return unwrap(live().step(arg.integer(k, 'steps', 1, 10000))); },
    evaluate() { return unwrap(live().evaluate()); },
    setLearningRate(lr) { unwrap(live().setLearningRate(arg.number(lr, 'learningRate'))); },
    ablate(layer, head, off = true) {
      unwrap(live().ablate(arg.integer(layer, 'layer', 0, 255), arg.integer(head, 'head', 0, 255), Boolean(off)));
    },
    save() { return unwrap(live().save()); },
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

export function trainerApi(raw) {
  const start = (init) => {
    const handle = new raw.TrainerHandle();
    const result = init(handle);
    if (result && typeof result.error === 'string') {
      handle.delete();
      return { error: result.error };
    }
    return { trainer: wrap(handle) };
  };
  return {
    createTrainer(options) {
      const checked = trainerOptions(options);
      return unwrap(start((h) => h.init(checked))).trainer;
    },
    loadTrainer(bytes) {
      if (!(bytes instanceof Uint8Array)) {
        throw fileError(`loadTrainer needs the Uint8Array that trainer.save() returned; got ${bytes === null ? 'null' : typeof bytes}`);
      }
      const { trainer, error } = start((h) => h.load(bytes));
      if (error) throw fileError(error);
      return trainer;
    },
    trainerDefaults: TRAINER_DEFAULTS,
  };
}
