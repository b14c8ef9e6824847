// Section 2 (patterns): the fixed-pattern gallery with each pattern's count of
// computed scores.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';
import { patternOptions } from './core-api.js';

function names(value) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length < 1 || value.some((x) => typeof x !== 'string')) {
    throw arg.argumentError('names', `names must be a non-empty array of pattern names; got ${arg.describe(value)}`);
  }
  return value;
}

export function patternsApi(raw, L) {
  return {
    // -> [{ name, weights (n x n), mask (n x n, 1 = skipped), computed (entries > 0), total (n * n), fraction }], one per
    //    name (default: every pattern, in gallery order)
    patternSet(n, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.patternSet(names(o.names), arg.integer(n, 'n', 1, L.maxSequence), ...patternOptions(o, L)), 'n');
    },
  };
}
