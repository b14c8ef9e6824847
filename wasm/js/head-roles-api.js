// Section 8: four hand-built heads (previous word, determiners, content words, broad).
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

function flags(value, name, length) {
  if (!Array.isArray(value) || value.length !== length || value.some((f) => typeof f !== 'boolean')) {
    throw arg.argumentError(name, `${name} must be an array of ${length} booleans (one per word); got ${arg.describe(value)}`);
  }
  return value;
}

export function headRolesApi(raw, L) {
  return {
    // words, { marked: boolean[] (one per word; default: every word that is not a function word) }
    // -> { previous, determiners, content, broad (n x n), determiner: boolean[], marked: boolean[] }
    headRoles(words, opts) {
      const w = arg.words(words, L);
      const { marked } = arg.options(opts, 'options');
      return unwrap(raw.headRoles(w, marked === undefined ? null : flags(marked, 'marked', w.length)), 'words');
    },
  };
}
