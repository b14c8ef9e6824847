// Section 9: attention against distance. Fixed decay patterns and ALiBi.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function distanceApi(raw) {
  return {
    // n, { linear = 10, exponential = 3, gaussian = 3 } (widths in positions)
    // -> { linear, exponential, gaussian (n x n), meanByDistance: { linear, exponential, gaussian: Float64Array(n) } }
    distanceDecays(n, opts) {
      const o = arg.options(opts, 'widths');
      const width = (name, fallback) => arg.number(o[name] ?? fallback, name, 0.1, 4096);
      return unwrap(raw.distanceDecays(arg.integer(n, 'n', 1, 4096), {
        linear: width('linear', 10), exponential: width('exponential', 3), gaussian: width('gaussian', 3),
      }));
    },
    // words, { dModel = 16, seed = 1, heads = 4, slopeScale = 1, causal = true }
    // -> { slopes (H), plain, biased: H matrices (n x n), mask (n x n) or null,
    //      meanPlain, meanBiased (n), nearPlain, nearBiased (H) }
    alibiAttention(words, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.alibiAttention(arg.words(words), {
        dModel: arg.integer(o.dModel ?? 16, 'dModel', 1, 1024),
        seed: arg.seed(o.seed ?? 1),
        heads: arg.integer(o.heads ?? 4, 'heads', 1, 16),
        slopeScale: arg.number(o.slopeScale ?? 1, 'slopeScale', 0, 100),
        causal: Boolean(o.causal ?? true),
      }));
    },
  };
}
