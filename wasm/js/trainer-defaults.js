// The trainer's default options (core.trainerDefaults): data, on every core, lean or full.
export const TRAINER_DEFAULTS = Object.freeze({
  task: 'induction', seed: 1, layers: 2, heads: 2, dModel: 32, context: 24, vocab: 16,
  batch: 16, learningRate: 0.003, weightDecay: 0.01, clip: 1, mlp: false,
});
