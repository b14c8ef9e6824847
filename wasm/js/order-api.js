// Sections 4-6: how positional encodings relate (positionSimilarity), what
// adding them changes in attention (positionEffect), and causal masking
// (causalAttention). Defaults and argument checks; the math is in core/.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

const MAX_SERIES = 6;

// Entries must be integers in 0..4096 (so they survive the conversion to C++ int);
// the core checks each one against n or d and names it.
function integerList(value, name) {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_SERIES) {
    throw new Error(`${name} must be an array of 1 to ${MAX_SERIES} integers; got ${Array.isArray(value) ? `an array of length ${value.length}` : typeof value}`);
  }
  value.forEach((v, i) => arg.integer(v, `${name}[${i}]`, 0, 4096));
  return value;
}

export function orderApi(raw) {
  return {
    // -> { encoding (n x d), similarity (n x n) = PE PE^T, dimensions (k x n): PE columns `dims`
    //      as rows, rows (m x n): similarity rows `positions` }; dims in 0..d-1, positions in 0..n-1
    positionSimilarity(n, d, opts) {
      const { dims = [0, 1], positions = [0] } = arg.options(opts, 'options');
      return unwrap(raw.positionSimilarity(arg.integer(n, 'n', 1, 4096), arg.integer(d, 'd', 1, 1024),
        integerList(dims, 'dims'), integerList(positions, 'positions')));
    },
    // words -> { withoutEncoding, withEncoding, difference } (n x n each): the same embeddings and
    // projections, positional = strength of the encoding in the "with" run (default 1)
    positionEffect(words, opts) {
      return unwrap(raw.positionEffect(arg.words(words), arg.sentenceOptions(opts, 1)));
    },
    // words -> { mask, masked, unmasked (n x n), maskedEntropy, unmaskedEntropy (n, nats) }
    causalAttention(words, opts) {
      return unwrap(raw.causalAttention(arg.words(words), arg.sentenceOptions(opts, 0)));
    },
  };
}
