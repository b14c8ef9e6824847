// Section 3 (multi-head): multi-head attention over a sentence.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function multiHeadApi(raw, L) {
  return {
    // words -> { dK, X (n x dModel), heads: [{ Q, K, V (n x dK), weights, scores (n x n),
    //   output (n x dK), rowSums (n) }], concat (n x dModel), output (n x dModel) }
    multiHead(words, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.multiHead(arg.words(words, L), {
        dModel: arg.integer(o.dModel ?? L.sentenceDefaults.dModel, 'dModel', 1, L.maxModel),
        heads: arg.integer(o.heads ?? 4, 'heads', 1, L.maxModel),
        seed: arg.seed(o.seed ?? L.sentenceDefaults.seed, L),
        causal: Boolean(o.causal),
      }), 'heads');
    },
  };
}
