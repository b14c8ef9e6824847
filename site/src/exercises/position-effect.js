// Section 5's exercises: attention without positions is permutation-equivariant
// (swap two words and their rows and columns swap), and a stronger encoding
// does not simply make the diagonal grow (the cross terms depend on the words).
// Inputs as the section's figure takes them: sentence, seed, strength,
// projection, d_model 16, core.positionEffect.
import { firstAccepted } from './random.js';
import { REPEATS, PLAIN, at, f3, quote, wordAt } from './text.js';

const STRENGTHS = [0.5, 1, 2, 3, 5, 8, 10];
const figureOf = (words, matrix) => ({
  type: 'heatmap', matrix, rowLabels: words, colLabels: words, rowTitle: 'query', colTitle: 'key',
});

const diagonal = {
  id: 'stronger-diagonal',
  section: 'position-effect',
  version: 1,
  kind: 'predict',
  title: 'A stronger encoding',
  minMargin: 0.03,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(REPEATS);
      const weightsSeed = rng.seed();
      const projection = 'identity'; // Q = K = V = X + s PE: the score's terms can be named
      const k = rng.int(0, STRENGTHS.length - 2);
      const low = STRENGTHS[k];
      const high = STRENGTHS[rng.int(k + 1, STRENGTHS.length - 1)];
      const words = core.tokenize(sentence);
      const row = rng.int(0, words.length - 1);
      const options = { seed: weightsSeed, projection };
      const before = core.positionEffect(words, { ...options, positional: low }).withEncoding;
      const after = core.positionEffect(words, { ...options, positional: high }).withEncoding;
      const w0 = at(before, row, row);
      const w1 = at(after, row, row);
      const margin = Math.abs(w1 - w0);
      if (margin < this.minMargin) return null;
      const grows = w1 > w0;
      return {
        inputs: { sentence, seed: weightsSeed, projection, low, high, row },
        prompt: `With “${sentence}”, seed ${weightsSeed} and the identity projection (Q = K = V = X), the encoding at strength s = ${low} gives ${wordAt(words, row)} a weight of ${f3(w0)} on itself. Raise the strength to s = ${high}: will that weight grow or shrink?`,
        figure: figureOf(words, before),
        reveal: figureOf(words, after),
        caption: `Computed from random weights: with the encoding at s = ${low} (before your prediction).`,
        revealCaption: `Computed from random weights: with the encoding at s = ${high} (after your prediction).`,
        answer: { type: 'choice', options: ['It grows', 'It shrinks'], index: grows ? 0 : 1 },
        margin,
        check: (choice) => ({
          correct: (choice === 0) === grows,
          why: `It ${grows ? 'grows' : 'shrinks'}, from ${f3(w0)} to ${f3(w1)}. With Q = K = X + s PE the score of word i with key j is x_i·x_j + s (x_i·PE(j) + PE(i)·x_j) + s² PE(i)·PE(j). PE(i)·PE(i) is the largest of the PE terms, but the cross terms depend on the words, so the diagonal does not grow steadily with s: only a computed row tells.`,
        }),
        solution: `it ${grows ? 'grows' : 'shrinks'}: ${f3(w0)} at s = ${low}, ${f3(w1)} at s = ${high}.`,
      };
    });
  },
};

const swapped = {
  id: 'swap-words',
  section: 'position-effect',
  version: 2, // 2: a seed draws other random projections since they are nested (projections.hpp)
  kind: 'estimate',
  title: 'Swap two words',
  tolerance: 0.01,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(PLAIN);
      const weightsSeed = rng.seed();
      const words = core.tokenize(sentence);
      const n = words.length;
      const a = rng.int(0, n - 1);
      const b = rng.int(0, n - 1);
      if (a === b || words[a] === words[b]) return null;
      const swappedWords = words.slice();
      [swappedWords[a], swappedWords[b]] = [words[b], words[a]];
      const row = rng.int(0, n - 1);
      const col = rng.int(0, n - 1);
      const options = { seed: weightsSeed, positional: 0 };
      const original = core.positionEffect(words, options).withoutEncoding;
      const after = core.positionEffect(swappedWords, options).withoutEncoding;
      const value = at(after, row, col);
      // Reading the same cell of the old figure must not pass.
      if (Math.abs(value - at(original, row, col)) < 3 * this.tolerance) return null;
      return {
        inputs: { sentence, seed: weightsSeed, a, b, row, col },
        prompt: `Without the encoding (seed ${weightsSeed}), the figure shows the weights of “${sentence}”. Swap words ${a + 1} and ${b + 1}, giving “${swappedWords.join(' ')}”. In the new sentence, what weight does ${wordAt(swappedWords, row)} give ${wordAt(swappedWords, col)}? (within ${this.tolerance})`,
        figure: figureOf(words, original),
        caption: 'Computed from random weights: the sentence before the swap, without the encoding.',
        answer: { type: 'number', value, tolerance: this.tolerance, label: 'Weight after the swap' },
        check: (guess) => ({
          correct: Math.abs(guess - value) <= this.tolerance,
          why: `Without positions attention sees a bag of words: swapping two words swaps their rows and their columns, so ${quote(swappedWords[row])} → ${quote(swappedWords[col])} keeps its old weight, ${f3(value)}, now at row ${row + 1}, column ${col + 1}${Math.abs(guess - value) <= this.tolerance ? '' : `; you said ${guess} (the old cell there held ${f3(at(original, row, col))})`}.`,
        }),
        solution: `${f3(value)}: the weight ${quote(swappedWords[row])} gave ${quote(swappedWords[col])} before the swap.`,
      };
    });
  },
};

export default [diagonal, swapped];
