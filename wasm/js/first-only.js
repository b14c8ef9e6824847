// The first engine (the article's first screen: section 1's functions alone,
// wasm/bindings_first.cpp) binds a handful of the core's functions. On a core
// started from it, a call to any other throws an Error (field 'first') saying
// where the function lives, instead of "raw.multiHead is not a function" deep
// inside the facade. The page starts section 1 on such a core and every other
// section on the lean one (site/src/main.js).
import { argumentError } from './args.js';

export function firstOnly(raw) {
  return new Proxy(raw, {
    get(target, name) {
      if (typeof name !== 'string' || name in target) return target[name];
      return () => {
        throw argumentError('first', `core.${name} is not in this core: it runs the first engine (section 1's functions only). `
          + 'Every lesson is in the lean engine: createAttentionCore()');
      };
    },
  });
}
