// Section 17: attention without the n x n matrix. The tiled computation
// (core/include/atlas/attention/tiled_attention.hpp), the lesson that sets it
// beside standard attention, and what each costs in memory and slow-memory
// traffic (core/include/atlas/lessons/attention_costs.hpp). Errors name the
// argument and carry it as error.field.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';
import { withField as field } from './field.js';

export function tilingApi(raw, L) {
  const T = L.tiling; // section 17's ranges, the core's (core/include/atlas/attention/limits.hpp)
  const lengths = (ns) => {
    if (!Array.isArray(ns) || ns.length < 1 || ns.length > T.costLengths) {
      throw arg.argumentError('ns', `ns must be an array of 1 to ${T.costLengths} sequence lengths; got ${arg.describe(ns)}`);
    }
    return ns.map((n, i) => field('ns', () => arg.integer(n, `ns[${i}]`, T.costN.min, T.costN.max)));
  };
  const block = (value, name) => field(name, () => arg.integer(value, name, 1, L.maxSequence));
  return {
    // Q (n x d_k), K (m x d_k), V (m x d_v), { blockRows = 64, blockCols = 64, mask = null, trace = false }
    // -> { output (n x d_v), m, l (n), rowBlocks, colBlocks, tiles, skippedTiles, workingBytes, trace }
    // trace (when asked for): { rowBlock, colBlock, rowStart, rowCount, colStart, colCount, skipped
    //   (one per tile, key block j outer, query block i inner), m, l (T_c x n: after key block j),
    //   partial (T_c * n x d_v: rows j n .. j n + n - 1 after key block j) }
    attentionTiled(Q, K, V, opts) {
      const o = arg.options(opts, 'options');
      const mask = o.mask === undefined || o.mask === null ? null : field('mask', () => arg.matrix(o.mask, 'mask'));
      return unwrap(raw.attentionTiled(field('Q', () => arg.matrix(Q, 'Q')), field('K', () => arg.matrix(K, 'K')),
        field('V', () => arg.matrix(V, 'V')), block(o.blockRows ?? 64, 'blockRows'), block(o.blockCols ?? 64, 'blockCols'),
        mask, Boolean(o.trace)));
    },
    // { n = 16, d = 8, blockRows = 4, blockCols = 4, causal = false, seed = 1 }
    // -> { Q, K, V (n x d), mask or null, scores, weights (n x n), standard (n x d), tiled (with trace), maxDifference }
    tilingLesson(opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.tilingLesson(field('n', () => arg.integer(o.n ?? 16, 'n', T.n.min, T.n.max)),
        field('d', () => arg.integer(o.d ?? 8, 'd', T.d.min, T.d.max)), block(o.blockRows ?? 4, 'blockRows'),
        block(o.blockCols ?? 4, 'blockCols'), Boolean(o.causal), field('seed', () => arg.seed(o.seed ?? 1, L))));
    },
    // ns, { d = 64, blockRows = 64, blockCols = 64 } -> { inputs, standard, tiled: Float64Array (bytes, one per n) }
    attentionMemory(ns, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.attentionMemory(lengths(ns), field('d', () => arg.integer(o.d ?? 64, 'd', 1, L.maxModel)),
        block(o.blockRows ?? 64, 'blockRows'), block(o.blockCols ?? 64, 'blockCols')));
    },
    // ns, { d = 64, M = 65536 } -> { blockRows, blockCols (Algorithm 1 line 1), standard, tiled:
    //   Float64Array (numbers read or written in slow memory), inRange: Float64Array (1 where d <= M <= N d) }
    attentionIo(ns, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.attentionIo(lengths(ns), field('d', () => arg.integer(o.d ?? 64, 'd', 1, L.maxModel)),
        field('M', () => arg.integer(o.M ?? 65536, 'M', T.fastMemory.min, T.fastMemory.max))));
    },
  };
}
