// Section 2's exercises: what a sparse pattern saves (a local window computes
// about n·w scores instead of n²) and what each pattern looks like. Inputs as
// the section's figure takes them: n, window, stride, globals, core.patternSet.
import { firstAccepted } from './random.js';
import { rowGap, f2 } from './text.js';

const NAMES = {
  uniform: 'uniform', 'self-focus': 'self-focus', causal: 'causal', local: 'local (sliding window)',
  strided: 'strided (fixed)', 'strided-relative': 'strided, relative (Sparse Transformer)', 'global-local': 'global + local',
};
const LETTERS = ['A', 'B', 'C', 'D'];

const localCount = {
  id: 'local-count',
  section: 'patterns',
  version: 1,
  kind: 'estimate',
  title: 'What a window saves',
  tolerance: 0,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const n = rng.int(6, 24);
      const window = rng.pick([3, 5, 7]);
      const [local] = core.patternSet(n, { window, names: ['local'] });
      const value = local.computed;
      const half = (window - 1) / 2;
      return {
        inputs: { n, window },
        prompt: `The local pattern with window w = ${window} on n = ${n} tokens: how many of the ${n}² = ${local.total} scores does it compute?`,
        figure: null,
        answer: { type: 'number', value, tolerance: 0, label: 'Scores computed' },
        check: (guess) => ({
          correct: guess === value,
          why: `Query i sees keys i − ${half} … i + ${half}, cut at both ends of the sentence: ${value} scores, ${f2((100 * value) / local.total)}% of ${local.total}${guess === value ? '' : ` (you said ${guess})`}. The count grows like n·w, not n²: that is the saving of a sliding window.`,
        }),
        solution: `${value} of ${local.total}: about n·w, less the keys cut off at the two ends.`,
      };
    });
  },
};

const whichPattern = {
  id: 'which-pattern',
  section: 'patterns',
  version: 1,
  kind: 'which',
  title: 'Name the pattern',
  minMargin: 0.05,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const n = rng.int(8, 14);
      const names = rng.shuffle(Object.keys(NAMES)).slice(0, 4);
      const stride = rng.pick([2, 3]);
      const set = core.patternSet(n, { window: 3, stride, globals: 1, names });
      const asked = rng.int(0, 3);
      const gap = (a, b) => rowGap(Array.from(set[a].weights.data), Array.from(set[b].weights.data));
      const margin = Math.min(...[0, 1, 2, 3].filter((k) => k !== asked).map((k) => gap(k, asked)));
      if (margin < this.minMargin) return null;
      const label = (k) => `${LETTERS[k]} is ${NAMES[set[k].name]} (${set[k].computed} of ${set[k].total} scores computed)`;
      return {
        inputs: { n, names, asked, stride },
        prompt: `Four attention patterns on n = ${n} tokens, in a shuffled order. Which one is the ${NAMES[names[asked]]} pattern?`,
        figure: {
          type: 'grid', rowTitle: 'query', colTitle: 'key',
          panels: set.map((p, k) => ({ title: `Pattern ${LETTERS[k]}`, matrix: p.weights })),
        },
        caption: 'Computed from a formula: fixed patterns, each row summing to 1.',
        answer: { type: 'choice', options: LETTERS.map((l) => `Pattern ${l}`), index: asked },
        margin,
        check: (choice) => ({
          correct: choice === asked,
          why: `${choice === asked ? '' : `${label(choice)}. `}${label(asked)}.`,
        }),
        solution: `pattern ${LETTERS[asked]}.`,
      };
    });
  },
};

export default [localCount, whichPattern];
