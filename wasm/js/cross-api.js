// Section 7: cross-attention between a target and a source sentence.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function crossApi(raw, L) {
  return {
    // target (n_t words), source (n_s words), { dModel, seed } (limits.sentenceDefaults)
    // -> { Q (n_t x d), K, V (n_s x d), weights, scores (n_t x n_s), output (n_t x d), rowSums (n_t) }
    crossAttention(target, source, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.crossAttention(arg.words(target, L, 'target'), arg.words(source, L, 'source'), {
        dModel: arg.integer(o.dModel ?? L.sentenceDefaults.dModel, 'dModel', 1, L.maxModel),
        seed: arg.seed(o.seed ?? L.sentenceDefaults.seed, L),
      }), 'target');
    },
  };
}
