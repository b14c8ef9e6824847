// The foundation API (docs/api.md): attention, masks, positional encoding,
// entropy, fixed patterns, and the sentence pipeline of sections 1, 5 and 6.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function coreApi(raw) {
  return {
    // Q (n x d_k), K (m x d_k), V (m x d_v), mask (n x m, 1 = blocked)
    // -> { output (n x d_v), weights (n x m), scores (n x m), rowSums (n) }
    // precision: 'float64' (default: Float64Array outputs, the figures' path) or
    // 'float32' (the fast path for large n: Float32Array outputs, weights within
    // 1e-5 of float64; see core/include/atlas/attention/attention.hpp).
    attention(Q, K, V, opts) {
      const { mask, precision = 'float64' } = arg.options(opts, 'options');
      const m = mask === undefined || mask === null ? null : arg.matrix(mask, 'mask');
      const run = arg.oneOf(precision, 'precision', ['float64', 'float32']) === 'float32' ? raw.attentionF32 : raw.attention;
      return unwrap(run(arg.matrix(Q, 'Q'), arg.matrix(K, 'K'), arg.matrix(V, 'V'), m));
    },
    // -> (n x n), 1 above the diagonal
    causalMask(n) {
      return unwrap(raw.causalMask(arg.integer(n, 'n', 1, 4096)));
    },
    // -> (n x d), sin on even columns, cos on odd
    positionalEncoding(n, d) {
      return unwrap(raw.positionalEncoding(arg.integer(n, 'n', 1, 4096), arg.integer(d, 'd', 1, 1024)));
    },
    // W (n x m), rows of probabilities -> Float64Array(n), nats
    entropy(W) {
      return unwrap(raw.entropy(arg.matrix(W, 'W')));
    },
    // name: uniform | self-focus | causal | local | strided | strided-relative | global-local -> (n x n)
    pattern(name, n, opts) {
      const { window = 3, stride = 2, globals = 1 } = arg.options(opts, 'options');
      return unwrap(raw.pattern(arg.text(name, 'name'), arg.integer(n, 'n', 1, 4096),
        arg.integer(window, 'window', 1, 4096), arg.integer(stride, 'stride', 1, 4096),
        arg.integer(globals, 'globals', 0, 4096)));
    },
    // text -> string[] (whitespace-separated words, at most 64)
    tokenize(text) {
      return unwrap(raw.tokenize(arg.text(text, 'sentence')));
    },
    // words -> X (n x dModel): a fixed N(0, 1) vector per word and seed
    embed(words, dModel, seed) {
      return unwrap(raw.embed(arg.words(words), arg.integer(dModel, 'dModel', 1, 1024), arg.seed(seed)));
    },
    // words -> { X, Q, K, V (n x dModel), weights, scores (n x n), output (n x dModel), rowSums (n) }
    selfAttention(words, opts) {
      return unwrap(raw.selfAttention(arg.words(words), arg.sentenceOptions(opts)));
    },
  };
}
