// Section 1's exercises: attention is blind to word order (a repeated word gets
// the same row), and each row is a distribution (it sums to 1). Inputs as the
// section's figure takes them: sentence, seed, d_model 16, core.selfAttention.
import { firstAccepted } from './random.js';
import { REPEATS, PLAIN, at, rowOf, rowGap, f2, f3, quote, wordAt } from './text.js';

const D_MODEL = 16;
const weightsFigure = (words, weights) => ({
  type: 'heatmap', matrix: weights, rowLabels: words, colLabels: words,
  rowTitle: 'query (attending from)', colTitle: 'key (attended to)',
});
const setting = (sentence, seed) => `the sentence “${sentence}”, seed ${seed}, d_model ${D_MODEL}`;

const sameRow = {
  id: 'same-row',
  section: 'self-attention',
  version: 2, // 2: a seed draws other random projections since they are nested (projections.hpp)
  kind: 'pick',
  title: 'Which row is the same?',
  minMargin: 0.02,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(REPEATS);
      const weightsSeed = rng.seed();
      const words = core.tokenize(sentence);
      const first = words.findIndex((w, i) => words.indexOf(w, i + 1) > i);
      const twin = words.indexOf(words[first], first + 1);
      const { weights } = core.selfAttention(words, { dModel: D_MODEL, seed: weightsSeed });
      const target = rowOf(weights, first);
      const gaps = words.map((_, i) => rowGap(rowOf(weights, i), target));
      // Every other row must differ visibly from the target's, else two answers would look right.
      const margin = Math.min(...gaps.filter((_, i) => i !== first && i !== twin));
      if (margin < this.minMargin) return null;
      return {
        inputs: { sentence, seed: weightsSeed, dModel: D_MODEL, first },
        prompt: `With ${setting(sentence, weightsSeed)}: which other row has exactly the same weights as the row of ${wordAt(words, first)}?`,
        figure: weightsFigure(words, weights),
        caption: 'Computed from random weights, as in the figure above.',
        answer: { type: 'cell', row: twin, how: 'Click or tap any cell of that row, or focus the figure, move to the row with the arrow keys and press Enter.' },
        margin,
        check: ({ row }) => {
          const why = `The rows of ${wordAt(words, first)} and ${wordAt(words, twin)} are equal cell by cell: the same word has the same embedding, so the same query and key wherever it stands. Attention alone does not see word order.`;
          if (row === twin) return { correct: true, why };
          if (row === first) return { correct: false, why: `That is the row of ${wordAt(words, first)} itself; look for another row equal to it.` };
          return { correct: false, why: `Row ${wordAt(words, row)} differs from it by up to ${f2(gaps[row])} in a cell. ${why}` };
        },
        solution: `row ${twin + 1}, ${quote(words[twin])}: the same word as ${wordAt(words, first)}, so the same row.`,
      };
    });
  },
};

const missingWeight = {
  id: 'missing-weight',
  section: 'self-attention',
  version: 2, // 2: a seed draws other random projections since they are nested (projections.hpp)
  kind: 'estimate',
  title: 'The weight left out',
  tolerance: 0.01,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(PLAIN);
      const weightsSeed = rng.seed();
      const words = core.tokenize(sentence);
      const { weights, rowSums } = core.selfAttention(words, { dModel: D_MODEL, seed: weightsSeed });
      const row = rng.int(0, words.length - 1);
      const hidden = rng.int(0, words.length - 1);
      const value = at(weights, row, hidden);
      const shown = words.map((w, j) => `${quote(w)} ${f3(at(weights, row, j))}`).filter((_, j) => j !== hidden);
      return {
        inputs: { sentence, seed: weightsSeed, dModel: D_MODEL, row, hidden },
        prompt: `With ${setting(sentence, weightsSeed)}, word ${wordAt(words, row)} gives these weights: ${shown.join(', ')}. What weight does it give ${wordAt(words, hidden)}? (within ${this.tolerance})`,
        figure: null,
        answer: { type: 'number', value, tolerance: this.tolerance, label: `Weight on ${quote(words[hidden])}` },
        check: (guess) => ({
          correct: Math.abs(guess - value) <= this.tolerance,
          why: `A row of weights is a softmax, so it sums to 1 (the core's sum of this row: ${f3(rowSums[row])}): the missing weight is 1 minus the others, ${f3(value)}${Math.abs(guess - value) <= this.tolerance ? '' : `; you said ${guess}`}.`,
        }),
        solution: `${f3(value)}: 1 minus the row's other weights, because each row sums to 1.`,
      };
    });
  },
};

export default [sameRow, missingWeight];
