// Section 3's exercises: the heads disagree (the same pair of words gets a
// different weight in each head), and they differ in how focused they are.
// Inputs as the section's figure takes them: sentence, seed, d_model 16,
// heads, core.multiHead.
import { firstAccepted } from './random.js';
import { PLAIN, at, best, f2, f3, quote, wordAt } from './text.js';

const D_MODEL = 16;
const headNames = (h) => Array.from({ length: h }, (_, k) => `Head ${k + 1}`);
const gridOf = (words, r) => ({
  type: 'grid', rowTitle: 'query', colTitle: 'key',
  panels: r.heads.map((head, k) => ({ title: `Head ${k + 1}`, matrix: head.weights, rowLabels: words, colLabels: words })),
});

const strongestHead = {
  id: 'pair-head',
  section: 'multi-head',
  version: 2, // 2: a seed draws other random projections since they are nested (projections.hpp)
  kind: 'which',
  title: 'The heads disagree',
  minMargin: 0.03,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(PLAIN);
      const weightsSeed = rng.seed();
      const heads = rng.pick([2, 4]);
      const words = core.tokenize(sentence);
      const r = core.multiHead(words, { dModel: D_MODEL, heads, seed: weightsSeed });
      const i = rng.int(0, words.length - 1);
      const j = rng.int(0, words.length - 1);
      const values = r.heads.map((h) => at(h.weights, i, j));
      const { index, margin } = best(values);
      if (margin < this.minMargin) return null;
      const list = values.map((v, k) => `head ${k + 1} ${f3(v)}`).join(', ');
      return {
        inputs: { sentence, seed: weightsSeed, heads, i, j },
        prompt: `With “${sentence}”, seed ${weightsSeed}, d_model ${D_MODEL} and ${heads} heads: which head gives the query ${wordAt(words, i)} its largest weight on ${wordAt(words, j)}?`,
        figure: gridOf(words, r),
        caption: 'Computed from random weights: the section’s heads for these settings.',
        answer: { type: 'choice', options: headNames(heads), index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `${quote(words[i])} → ${quote(words[j])}: ${list}. Each head has its own projections, so the same pair gets a different weight in each; with random weights the differences are chance, not roles.`,
        }),
        solution: `head ${index + 1}, ${f3(values[index])}.`,
      };
    });
  },
};

const focusedHead = {
  id: 'focused-head',
  section: 'multi-head',
  version: 2, // 2: a seed draws other random projections since they are nested (projections.hpp)
  kind: 'which',
  title: 'The most focused head',
  minMargin: 0.05,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(PLAIN);
      const weightsSeed = rng.seed();
      const words = core.tokenize(sentence);
      const r = core.multiHead(words, { dModel: D_MODEL, heads: 4, seed: weightsSeed });
      const i = rng.int(0, words.length - 1);
      const entropies = r.heads.map((h) => core.entropy(h.weights)[i]);
      const { index, margin } = best(entropies, { lowest: true });
      if (margin < this.minMargin) return null;
      const list = entropies.map((h, k) => `head ${k + 1} ${f2(h)}`).join(', ');
      return {
        inputs: { sentence, seed: weightsSeed, i },
        prompt: `With “${sentence}”, seed ${weightsSeed}, d_model ${D_MODEL} and 4 heads: in which head is the row of ${wordAt(words, i)} most focused (lowest entropy)?`,
        figure: gridOf(words, r),
        caption: 'Computed from random weights: the section’s heads for these settings.',
        answer: { type: 'choice', options: headNames(4), index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `The entropy of ${quote(words[i])}'s row, in nats: ${list}. The lowest puts its weight on the fewest words; each head spreads the same word's attention differently.`,
        }),
        solution: `head ${index + 1}, ${f2(entropies[index])} nats.`,
      };
    });
  },
};

export default [strongestHead, focusedHead];
