// Section 9: attention against distance. Fixed decay patterns and ALiBi.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function distanceApi(raw, L) {
  return {
    // n, { linear = 10, exponential = 3, gaussian = 3 } (widths in positions)
    // -> { linear, exponential, gaussian (n x n), meanByDistance: { linear, exponential, gaussian: Float64Array(n) } }
    distanceDecays(n, opts) {
      const o = arg.options(opts, 'widths');
      const width = (name, fallback) => arg.number(o[name] ?? fallback, name, L.width.min, L.width.max);
      return unwrap(raw.distanceDecays(arg.integer(n, 'n', 1, L.maxSequence), {
        linear: width('linear', 10), exponential: width('exponential', 3), gaussian: width('gaussian', 3),
      }), 'n');
    },
    // words, { dModel, seed, heads, slopeScale, causal } (defaults: limits.sentenceDefaults, limits.alibiDefaults)
    // -> { slopes (H), plain, biased: H matrices (n x n), mask (n x n) or null,
    //      meanPlain, meanBiased (n), nearPlain, nearBiased (H) }
    alibiAttention(words, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.alibiAttention(arg.words(words, L), {
        dModel: arg.integer(o.dModel ?? L.sentenceDefaults.dModel, 'dModel', 1, L.maxModel),
        seed: arg.seed(o.seed ?? L.sentenceDefaults.seed, L),
        heads: arg.integer(o.heads ?? L.alibiDefaults.heads, 'heads', 1, L.maxAlibiHeads),
        slopeScale: arg.number(o.slopeScale ?? L.alibiDefaults.slopeScale, 'slopeScale', 0, L.maxSlopeScale),
        causal: Boolean(o.causal ?? L.alibiDefaults.causal),
      }), 'words');
    },
  };
}
