// Section 15's exercises: which key/value head a query head reads (groups are
// consecutive query heads), and a KV cache's size from its shape.
// Inputs as the section's figures take them: core.groupedQuery, core.kvCacheSize.
import { firstAccepted } from './random.js';
import { PLAIN } from './text.js';

const whichGroup = {
  id: 'which-group',
  section: 'grouped-query',
  version: 1,
  kind: 'which',
  title: 'Whose keys does a head read?',
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const heads = rng.pick([4, 8]);
      const kvHeads = rng.pick([2, 4]);
      const sentence = rng.pick(PLAIN);
      const head = rng.int(1, heads);
      const r = core.groupedQuery(core.tokenize(sentence), { heads, kvHeads, seed: 1 });
      const index = r.group[head - 1];
      return {
        inputs: { heads, kvHeads, sentence, head },
        prompt: `Grouped-query attention with h = ${heads} query heads and g = ${kvHeads} key/value heads. Which key/value head does query head ${head} read?`,
        figure: null,
        answer: { type: 'choice', options: Array.from({ length: kvHeads }, (_, k) => `Key/value head ${k + 1}`), index },
        margin: 1,
        check: (choice) => ({
          correct: choice === index,
          why: `Each key/value head serves h / g = ${heads / kvHeads} consecutive query heads, so query heads ${index * (heads / kvHeads) + 1} to ${(index + 1) * (heads / kvHeads)} read key/value head ${index + 1}.`,
        }),
        solution: `key/value head ${index + 1}.`,
      };
    });
  },
};

const cacheSize = {
  id: 'cache-size',
  section: 'grouped-query',
  version: 1,
  kind: 'estimate',
  title: 'How big is the cache?',
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const layers = rng.pick([16, 24, 32, 48]);
      const heads = 32;
      const kvHeads = rng.pick([1, 4, 8, 32]);
      const headSize = rng.pick([64, 128]);
      const context = rng.pick([1024, 2048, 4096, 8192]);
      const r = core.kvCacheSize({ layers, heads, kvHeads, headSize, context, batch: 1, bytesPerNumber: 2 });
      const value = r.bytes / 2 ** 20; // MiB
      const tolerance = Number((value / 20).toPrecision(1));
      return {
        inputs: { layers, heads, kvHeads, headSize, context },
        prompt: `A decoder with ${layers} layers and ${heads} query heads over ${kvHeads} key/value head${kvHeads > 1 ? 's' : ''} of size ${headSize} keeps ${context} tokens of one sequence in float16 (2 bytes). How many MiB (2^20 bytes) is its KV cache? (within ${tolerance})`,
        figure: null,
        answer: { type: 'number', value, tolerance, label: 'KV cache (MiB)' },
        tolerance,
        check: (guess) => ({
          correct: Math.abs(guess - value) <= tolerance,
          why: `2 (K and V) × ${layers} layers × ${kvHeads} × ${headSize} × ${context} tokens × 2 bytes = ${r.bytes} bytes = ${value} MiB${Math.abs(guess - value) <= tolerance ? '' : `, not ${guess}`}. With all ${heads} heads keeping their own keys it would be ${r.multiHeadBytes / 2 ** 20} MiB.`,
        }),
        solution: `${value} MiB.`,
      };
    });
  },
};

export default [whichGroup, cacheSize];
