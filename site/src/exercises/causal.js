// Section 6's exercises: the mask blocks every score above the diagonal
// (n(n-1)/2 of n²), a masked row is the unmasked row cut off and rescaled to
// sum to 1, and the first row is always a single 1 (entropy 0): sharpness that
// is arithmetic, not learned. Inputs as the section's figure takes them:
// sentence, seed, d_model 16, positional strength 1, core.causalAttention.
import { firstAccepted } from './random.js';
import { PLAIN, at, best, f2, f3, quote, wordAt } from './text.js';

const OPTIONS = { dModel: 16, positional: 1 };
const setting = (sentence, seed) => `the sentence “${sentence}” and seed ${seed}`;
const weightsFigure = (words, matrix, { rowNotes, blocked } = {}) => ({
  type: 'heatmap', matrix, rowLabels: words, colLabels: words, rowNotes, blocked,
  rowTitle: 'query (attending from)', colTitle: 'key (attended to)',
});

const zeros = {
  id: 'blocked-count',
  section: 'causal',
  version: 1,
  kind: 'estimate',
  title: 'How many weights are zero?',
  tolerance: 0,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const n = rng.int(4, 16);
      const [causal] = core.patternSet(n, { names: ['causal'] });
      const value = causal.total - causal.computed;
      return {
        inputs: { n },
        prompt: `A causal mask on a sentence of n = ${n} words: how many of the ${n} × ${n} attention weights are exactly zero?`,
        figure: null,
        answer: { type: 'number', value, tolerance: 0, label: 'Weights that are zero' },
        check: (guess) => ({
          correct: guess === value,
          why: `Query i may see keys 1 … i, so row i has n − i zeros: ${n - 1} + ${n - 2} + … + 0 = n(n − 1)/2 = ${value} of ${causal.total}, and the core's causal pattern computes the other ${causal.computed}${guess === value ? '' : ` (you said ${guess})`}. About half: the mask saves no asymptotic cost.`,
        }),
        solution: `${value}: every weight above the diagonal, n(n − 1)/2 of the ${causal.total}.`,
      };
    });
  },
};

const renormalised = {
  id: 'renormalised',
  section: 'causal',
  version: 2, // 2: a seed draws other random projections since they are nested (projections.hpp)
  kind: 'estimate',
  title: 'The mask goes on',
  tolerance: 0.01,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(PLAIN);
      const weightsSeed = rng.seed();
      const words = core.tokenize(sentence);
      const r = core.causalAttention(words, { ...OPTIONS, seed: weightsSeed });
      const row = rng.int(2, words.length - 2);
      const key = rng.int(0, row);
      const value = at(r.masked, row, key);
      const before = at(r.unmasked, row, key);
      // Typing the unmasked weight must not pass for the answer.
      if (value - before < 3 * this.tolerance) return null;
      const seen = words.slice(0, row + 1).map((w, j) => `${quote(w)} ${f3(at(r.unmasked, row, j))}`);
      return {
        inputs: { sentence, seed: weightsSeed, row, key },
        prompt: `With ${setting(sentence, weightsSeed)}, the figure shows the weights without the mask. Turn the mask on: what weight will ${wordAt(words, row)} give ${wordAt(words, key)}? (within ${this.tolerance})`,
        figure: weightsFigure(words, r.unmasked),
        caption: 'Computed from random weights: the weights without the mask, as in the section’s figure with “causal mask on” unticked.',
        answer: { type: 'number', value, tolerance: this.tolerance, label: 'Weight with the mask' },
        margin: value - before,
        check: (guess) => ({
          correct: Math.abs(guess - value) <= this.tolerance,
          why: `The mask keeps the row's weights on the keys up to ${wordAt(words, row)}, ${seen.join(', ')}, and divides each by their sum, so the row sums to 1 again: ${f3(before)} becomes ${f3(value)}${Math.abs(guess - value) <= this.tolerance ? '' : `, not ${guess}`}.`,
        }),
        solution: `${f3(value)}: ${f3(before)} divided by the sum of the unmasked weights on ${quote(words[0])} … ${quote(words[row])}.`,
      };
    });
  },
};

const sharpest = {
  id: 'entropy-drop',
  section: 'causal',
  version: 2, // 2: a seed draws other random projections since they are nested (projections.hpp)
  kind: 'predict',
  title: 'Which row gets sharper?',
  minMargin: 0.05,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(PLAIN);
      const weightsSeed = rng.seed();
      const words = core.tokenize(sentence);
      const r = core.causalAttention(words, { ...OPTIONS, seed: weightsSeed });
      const drops = words.map((_, i) => r.unmaskedEntropy[i] - r.maskedEntropy[i]);
      const { index, margin } = best(drops);
      if (margin < this.minMargin) return null;
      const notes = (h) => Array.from(h, (x) => `H = ${f2(x)}`);
      return {
        inputs: { sentence, seed: weightsSeed },
        prompt: `With ${setting(sentence, weightsSeed)}, the figure shows the weights without the mask, with each row's entropy (nats). When the mask goes on, whose row loses the most entropy? Predict, then the figure shows the masked weights.`,
        figure: weightsFigure(words, r.unmasked, { rowNotes: notes(r.unmaskedEntropy) }),
        reveal: weightsFigure(words, r.masked, { rowNotes: notes(r.maskedEntropy), blocked: r.mask }),
        caption: 'Computed from random weights: without the mask (before your prediction).',
        revealCaption: 'Computed from random weights: with the mask (after your prediction); hatched cells are blocked.',
        answer: { type: 'choice', options: words.map((w, i) => `${i + 1}. ${w}`), index },
        margin,
        check: (choice) => {
          const what = (i) => `${wordAt(words, i)} goes from ${f2(r.unmaskedEntropy[i])} to ${f2(r.maskedEntropy[i])} nats`;
          const why = `${what(index)}${index === 0 ? ': the first word may only see itself, so its row is a single 1 (entropy 0) whatever the scores. That sharpness is arithmetic, not learned.' : '.'}`;
          return choice === index ? { correct: true, why } : { correct: false, why: `${what(choice)}, a drop of ${f2(drops[choice])}; ${why}` };
        },
        solution: `${wordAt(words, index)}, whose entropy drops by ${f2(drops[index])} nats.`,
      };
    });
  },
};

export default [zeros, renormalised, sharpest];
