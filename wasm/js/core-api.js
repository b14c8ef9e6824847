// The foundation API (docs/api.md): attention, masks, positional encoding,
// entropy, fixed patterns, and the sentence pipeline of sections 1, 5 and 6.
// L: the core's limits (raw.limits(), wasm/api_limits.hpp).
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

// The options of the fixed patterns (pattern, patternSet): window, stride, globals
// (defaults: the core's, limits.patternDefaults).
export function patternOptions(o, L) {
  const d = L.patternDefaults;
  return [arg.integer(o.window ?? d.window, 'window', 1, L.maxSequence), arg.integer(o.stride ?? d.stride, 'stride', 1, L.maxSequence),
    arg.integer(o.globals ?? d.globals, 'globals', 0, L.maxSequence)];
}

export function coreApi(raw, L) {
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
      return unwrap(run(arg.matrix(Q, 'Q'), arg.matrix(K, 'K'), arg.matrix(V, 'V'), m), 'K');
    },
    // -> (n x n), 1 above the diagonal
    causalMask(n) {
      return unwrap(raw.causalMask(arg.integer(n, 'n', 1, L.maxSequence)), 'n');
    },
    // -> (n x d), sin on even columns, cos on odd
    positionalEncoding(n, d) {
      return unwrap(raw.positionalEncoding(arg.integer(n, 'n', 1, L.maxSequence), arg.integer(d, 'd', 1, L.maxModel)), 'n');
    },
    // W (n x m), rows of probabilities -> Float64Array(n), nats
    entropy(W) {
      return unwrap(raw.entropy(arg.matrix(W, 'W')), 'W');
    },
    // name: uniform | self-focus | causal | local | strided | strided-relative | global-local -> (n x n)
    pattern(name, n, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.pattern(arg.text(name, 'name'), arg.integer(n, 'n', 1, L.maxSequence), ...patternOptions(o, L)), 'name');
    },
    // text -> string[] (whitespace-separated words, at most limits.maxWords)
    tokenize(text) {
      return unwrap(raw.tokenize(arg.text(text, 'sentence')), 'sentence');
    },
    // words -> X (n x dModel): a fixed N(0, 1) vector per word and seed
    embed(words, dModel, seed) {
      return unwrap(raw.embed(arg.words(words, L), arg.integer(dModel, 'dModel', 1, L.maxModel), arg.seed(seed, L)), 'words');
    },
    // words -> { X, Q, K, V (n x dModel), weights, scores (n x n), output (n x dModel), rowSums (n) }
    selfAttention(words, opts) {
      return unwrap(raw.selfAttention(arg.words(words, L), arg.sentenceOptions(opts, L)), 'words');
    },
  };
}
