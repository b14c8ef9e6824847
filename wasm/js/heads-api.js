// Sections 2 and 3: the fixed-pattern gallery with each pattern's count of
// computed scores, and multi-head attention over a sentence.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

function names(value) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length < 1 || value.some((x) => typeof x !== 'string')) {
    throw new Error(`names must be a non-empty array of pattern names; got ${Array.isArray(value) ? `an array of length ${value.length}` : typeof value}`);
  }
  return value;
}

export function headsApi(raw) {
  return {
    // -> [{ name, weights (n x n), mask (n x n, 1 = skipped), computed (entries > 0), total (n * n), fraction }], one per
    //    name (default: every pattern, in gallery order)
    patternSet(n, opts) {
      const o = arg.options(opts, 'options');
      const { window = 3, stride = 2, globals = 1 } = o;
      return unwrap(raw.patternSet(names(o.names), arg.integer(n, 'n', 1, 4096),
        arg.integer(window, 'window', 1, 4096), arg.integer(stride, 'stride', 1, 4096),
        arg.integer(globals, 'globals', 0, 4096)));
    },
    // words -> { dK, X (n x dModel), heads: [{ Q, K, V (n x dK), weights, scores (n x n),
    //   output (n x dK), rowSums (n) }], concat (n x dModel), output (n x dModel) }
    multiHead(words, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.multiHead(arg.words(words), {
        dModel: arg.integer(o.dModel ?? 16, 'dModel', 1, 1024),
        heads: arg.integer(o.heads ?? 4, 'heads', 1, 1024),
        seed: arg.seed(o.seed ?? 1),
        causal: Boolean(o.causal),
      }));
    },
  };
}
