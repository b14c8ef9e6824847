// The computation strip of sections 1, 3 and 6: one query's row of attention
// taken apart into its steps (core/include/atlas/lessons/attention_trace.hpp).
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function traceApi(raw) {
  return {
    // Q (n x d_k), K (m x d_k), V (m x d_v), query in 0..n-1, mask (n x m, 1 = blocked)
    // -> { scale = sqrt(d_k), products (m x d_k) = q_i * k_j elementwise, raw (m) = q_i . k_j,
    //      scaled (m) = row query of the scores, blocked (m), weights (m), weighted (m x d_v) = w_j v_j,
    //      output (d_v) = row query of the output }
    attentionTrace(Q, K, V, query, opts) {
      const { mask } = arg.options(opts, 'options');
      const m = mask === undefined || mask === null ? null : arg.matrix(mask, 'mask');
      const q = arg.matrix(Q, 'Q');
      return unwrap(raw.attentionTrace(q, arg.matrix(K, 'K'), arg.matrix(V, 'V'),
        arg.integer(query, 'query', 0, q.rows - 1), m), 'K');
    },
  };
}
