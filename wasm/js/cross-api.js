// Section 7: cross-attention between a target and a source sentence.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function crossApi(raw) {
  return {
    // target (n_t words), source (n_s words), { dModel = 16, seed = 1 }
    // -> { Q (n_t x d), K, V (n_s x d), weights, scores (n_t x n_s), output (n_t x d), rowSums (n_t) }
    crossAttention(target, source, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.crossAttention(arg.words(target, 'target'), arg.words(source, 'source'), {
        dModel: arg.integer(o.dModel ?? 16, 'dModel', 1, 1024),
        seed: arg.seed(o.seed ?? 1),
      }));
    },
  };
}
