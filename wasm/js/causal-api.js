// Section 6 (causal): causal masking of a sentence's attention.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function causalApi(raw, L) {
  return {
    // words -> { mask, masked, unmasked (n x n), maskedEntropy, unmaskedEntropy (n, nats), X, Q, K, V }
    causalAttention(words, opts) {
      return unwrap(raw.causalAttention(arg.words(words, L), arg.sentenceOptions(opts, L, 0)), 'words');
    },
  };
}
