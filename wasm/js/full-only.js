// The lean engine (the page's first paint: attention and the lessons) has no
// trainer and no trained model. On a core started from it, each function of
// the trainer and model APIs is replaced by one that throws an Error saying
// where the function lives, instead of failing deep inside with "undefined is
// not a constructor". Values that are not functions (trainerDefaults) stay.
//   fullOnly({ createTrainer, loadModel, trainerDefaults }) -> the same keys
export function fullOnly(api) {
  return Object.fromEntries(Object.entries(api).map(([name, value]) => [name, typeof value !== 'function' ? value : () => {
    throw new Error(`core.${name} is not in this core: it runs the lean engine (attention and the lessons only). `
      + 'The trainer and the trained model are in the full engine: createAttentionCore({ full: true }), '
      + 'or dist/attention-core.js, which is always full');
  }]));
}
