// Sections 4 and 5 (positional-encoding, position-effect): how positional
// encodings relate (positionSimilarity) and what adding them changes in
// attention (positionEffect). Defaults and argument checks; the math is in core/.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

// 1..maxSeries integers, each in 0..maxSequence (so they survive the conversion to
// C++ int); the core checks each one against n or d and names it.
function integerList(value, name, L) {
  arg.list(value, name, L.maxSeries, 'integers');
  value.forEach((v, i) => arg.integer(v, `${name}[${i}]`, 0, L.maxSequence));
  return value;
}

// An earlier positionSimilarity result, or null; anything else is refused.
function earlierResult(reuse) {
  if (reuse === null) return null;
  const ok = (m) => m && typeof m === 'object' && m.data instanceof Float64Array;
  if (typeof reuse !== 'object' || !ok(reuse.encoding) || !ok(reuse.similarity)) {
    throw arg.argumentError('reuse', 'reuse must be an earlier positionSimilarity result or null');
  }
  return reuse;
}

export function positionApi(raw, L) {
  return {
    // -> { encoding (n x d), similarity (n x n) = PE PE^T, dimensions (k x n): PE columns `dims`
    //      as rows, rows (m x n): similarity rows `positions` }; dims in 0..d-1, positions in 0..n-1.
    // reuse: an earlier result of this call that nothing reads any more: the new encoding and
    // similarity are views on its arrays' buffers where those have room, else on new buffers
    // with room for twice the numbers (wasm/adapters.hpp; a slider's redraws alternate between
    // two results: a fresh 2 MB array costs ~5 ms in Chromium, filling one 0.1 ms).
    positionSimilarity(n, d, opts) {
      const { dims = [0, 1], positions = [0], reuse = null } = arg.options(opts, 'options');
      return unwrap(raw.positionSimilarity(arg.integer(n, 'n', 1, L.maxSequence), arg.integer(d, 'd', 1, L.maxModel),
        integerList(dims, 'dims', L), integerList(positions, 'positions', L), earlierResult(reuse)), 'dims');
    },
    // words -> { withoutEncoding, withEncoding, difference } (n x n each): the same embeddings and
    // projections, positional = strength of the encoding in the "with" run (default 1)
    positionEffect(words, opts) {
      return unwrap(raw.positionEffect(arg.words(words, L), arg.sentenceOptions(opts, L, 1)), 'words');
    },
  };
}
