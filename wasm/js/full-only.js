// The lean engine (the page's first paint: attention and the lessons) has no
// trainer and no trained model, and the page's first-paint facade does not carry
// their API modules either (a full engine brings them: ./full-apis.js). On a core
// started from it, each function of the trainer and model APIs is one that throws
// an Error (field 'full': the option that gives them) saying where the function
// lives, instead of failing deep inside with "undefined is not a constructor".
// FULL_ONLY names them: tests/wasm/lean.test.mjs checks that it lists exactly the
// functions of the full engine's trainer and model API, and that a lean core has the same keys.
import { argumentError } from './args.js';

export const FULL_ONLY = ['createTrainer', 'loadTrainer', 'loadModel'];

export function fullOnly() {
  const stub = (name) => () => {
    throw argumentError('full', `core.${name} is not in this core: it runs the lean engine (attention and the lessons only). `
      + 'The trainer and the trained model are in the full engine: createAttentionCore({ full: true }), '
      + 'or dist/attention-core.js, which is always full');
  };
  return Object.fromEntries(FULL_ONLY.map((name) => [name, stub(name)]));
}
