// Section 12's exercises: rollout keeps a residual half of each position in
// place (one layer's rollout is 0.5 W + 0.5 I), and information travels along
// chains of attention, one step per layer (after the previous-word layer, the
// last word holds words several places back). Inputs as the section's figure
// takes them: sentence length, seed, core.layerEvolution (its layers and rollout).
import { firstAccepted } from './random.js';
import { PLAIN, at, best, f3, quote, wordAt } from './text.js';

const figureOf = (words, matrix) => ({
  type: 'heatmap', matrix, rowLabels: words, colLabels: words, rowTitle: 'query', colTitle: 'key',
});

const residual = {
  id: 'residual-half',
  section: 'flow',
  version: 1,
  kind: 'estimate',
  title: 'The residual half',
  tolerance: 0.01,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(PLAIN);
      const layerSeed = rng.seed();
      const words = core.tokenize(sentence);
      const r = core.layerEvolution(words.length, { seed: layerSeed });
      const i = rng.int(0, words.length - 1);
      const w = at(r.layers[0], i, i);
      const value = at(r.rollout[0], i, i);
      // Answering with the raw weight must not pass.
      if (Math.abs(value - w) < 3 * this.tolerance) return null;
      return {
        inputs: { sentence, seed: layerSeed, i },
        prompt: `“${sentence}”, seed ${layerSeed}: layer 1 alone gives ${wordAt(words, i)} a weight of ${f3(w)} on itself. What is that entry in the rollout of layer 1, with the residual half? (within ${this.tolerance})`,
        figure: figureOf(words, r.layers[0]),
        caption: 'Hand-built illustration: layer 1 of the section’s six layers, without the residual.',
        answer: { type: 'number', value, tolerance: this.tolerance, label: 'Rollout entry' },
        check: (guess) => ({
          correct: Math.abs(guess - value) <= this.tolerance,
          why: `Rollout mixes each layer with the identity, A = 0.5 W + 0.5 I (Abnar & Zuidema, 2020), for the residual connection that carries each position past the layer: 0.5 × ${f3(w)} + 0.5 = ${f3(value)}${Math.abs(guess - value) <= this.tolerance ? '' : `, not ${guess}`}. That is why the rollout's diagonal after L layers never falls below 0.5^L.`,
        }),
        solution: `${f3(value)} = 0.5 × ${f3(w)} + 0.5.`,
      };
    });
  },
};

const chain = {
  id: 'chain',
  section: 'flow',
  version: 1,
  kind: 'predict',
  title: 'Along the chain',
  minMargin: 0.02,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(PLAIN);
      const layerSeed = rng.seed();
      const words = core.tokenize(sentence);
      const n = words.length;
      const r = core.layerEvolution(n, { seed: layerSeed });
      const depth = 3;
      const last = n - 1;
      const shares = words.map((_, j) => (j === last ? -Infinity : at(r.rollout[depth - 1], last, j)));
      const { index, margin } = best(shares);
      if (margin < this.minMargin) return null;
      return {
        inputs: { sentence, seed: layerSeed, depth },
        prompt: `“${sentence}”, seed ${layerSeed}. The figure shows layer ${depth} alone. After rolling out layers 1 to ${depth}, which earlier word will the last word, ${quote(words[last])}, hold the largest share of? Predict, then see the rollout.`,
        figure: figureOf(words, r.layers[depth - 1]),
        reveal: figureOf(words, r.rollout[depth - 1]),
        caption: `Hand-built illustration: layer ${depth} alone (${r.names[depth - 1]}).`,
        revealCaption: `Hand-built illustration: the rollout of layers 1 to ${depth}, residual 0.5.`,
        answer: { type: 'choice', options: words.slice(0, last).map((w, j) => `${j + 1}. ${w}`), index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `${choice === index ? '' : `${wordAt(words, choice)} gets ${f3(shares[choice])}. `}The rollout gives ${wordAt(words, index)} ${f3(shares[index])} of ${quote(words[last])}: information travels along chains of attention, one step per layer, so after ${depth} layers a word holds words that no single layer links it to.`,
        }),
        solution: `${wordAt(words, index)}, ${f3(shares[index])}.`,
      };
    });
  },
};

export default [residual, chain];
