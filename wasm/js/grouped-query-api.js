// Section 15: grouped-query attention (h query heads over g key/value heads)
// and the KV cache's size. Errors name the option and carry it as error.field.
import * as arg from './args.js';
import { named, namedOptions } from './field.js';
import { unwrap } from './unwrap.js';

function dividing(kvHeads, heads) {
  if (heads % kvHeads !== 0) {
    throw new Error(`kvHeads (${kvHeads}) must divide heads (${heads}): each key/value head serves the same number of query heads`);
  }
  return kvHeads;
}

export function groupedQueryApi(raw, limits) {
  return {
    // words, { dModel = 16, heads = 4, kvHeads = 2, seed = 1, causal = false }
    // -> { dK, group (h: the key/value head of each query head), heads: [{ Q (n x dK), weights, scores (n x n),
    //      output (n x dK) }], K, V (g matrices n x dK), output (n x dModel) }
    groupedQuery(words, opts) {
      const o = arg.options(opts, 'options');
      const w = named('words', () => arg.words(words, limits));
      const c = namedOptions({
        heads: () => arg.integer(o.heads ?? 4, 'heads', 1, 16),
        dModel: () => arg.integer(o.dModel ?? 16, 'dModel', 1, 1024),
        seed: () => arg.seed(o.seed ?? 1, limits),
      });
      c.kvHeads = named('kvHeads', () => dividing(arg.integer(o.kvHeads ?? 2, 'kvHeads', 1, c.heads), c.heads));
      named('dModel', () => {
        if (c.dModel % c.heads !== 0) throw new Error(`dModel (${c.dModel}) must be a multiple of heads (${c.heads})`);
      });
      c.causal = Boolean(o.causal);
      return unwrap(raw.groupedQuery(w, c));
    },
    // { layers, heads, kvHeads, headSize, context, batch = 1, bytesPerNumber = 2 }
    // -> { bytes, bytesPerToken (one token of one sequence, all layers), multiHeadBytes (kvHeads = heads),
    //      kvChoices (every g dividing heads), bytesByChoice (Float64Array) }
    // bytes = 2 x layers x kvHeads x headSize x context x batch x bytesPerNumber
    kvCacheSize(shape) {
      const o = arg.options(shape, 'shape');
      const c = namedOptions({
        layers: () => arg.integer(o.layers, 'layers', 1, 1000),
        heads: () => arg.integer(o.heads, 'heads', 1, 1024),
        headSize: () => arg.integer(o.headSize, 'headSize', 1, 4096),
        context: () => arg.integer(o.context, 'context', 1, 10000000),
        batch: () => arg.integer(o.batch ?? 1, 'batch', 1, 100000),
        bytesPerNumber: () => arg.number(o.bytesPerNumber ?? 2, 'bytesPerNumber', 0.125, 8),
      });
      c.kvHeads = named('kvHeads', () => dividing(arg.integer(o.kvHeads, 'kvHeads', 1, c.heads), c.heads));
      return unwrap(raw.kvCacheSize(c));
    },
  };
}
