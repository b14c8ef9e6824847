// Section 10's exercises: the six hand-built layers differ in focus (entropy)
// and reach (mean distance), and the two need not agree (the sentence-ends
// layer is structured but reaches farthest). Inputs as the section's figure
// takes them: sentence length, noise, seed, core.layerEvolution.
import { firstAccepted } from './random.js';
import { PLAIN, best, f2 } from './text.js';

const LAYERS = ['Layer 1', 'Layer 2', 'Layer 3', 'Layer 4', 'Layer 5', 'Layer 6'];
const gridOf = (words, r) => ({
  type: 'grid', rowTitle: 'query', colTitle: 'key',
  panels: r.layers.map((m, k) => ({ title: `Layer ${k + 1}`, matrix: m, rowLabels: words, colLabels: words })),
});

function layerQuestion({ id, title, measure, lowest, ask, explain }) {
  return {
    id,
    section: 'layers',
    version: 1,
    kind: 'which',
    title,
    minMargin: 0.05,
    generate(core, seed) {
      return firstAccepted(seed, this.id, (rng) => {
        const sentence = rng.pick(PLAIN);
        const noise = rng.pick([0.5, 1, 1.5, 2]);
        const layerSeed = rng.seed();
        const words = core.tokenize(sentence);
        const r = core.layerEvolution(words.length, { seed: layerSeed, noise });
        const values = Array.from(r[measure]);
        const { index, margin } = best(values, { lowest });
        if (margin < this.minMargin) return null;
        const list = values.map((v, k) => `layer ${k + 1} ${f2(v)}`).join(', ');
        return {
          inputs: { sentence, noise, seed: layerSeed },
          prompt: `“${sentence}”, noise ${noise}, seed ${layerSeed}: ${ask}`,
          figure: gridOf(words, r),
          caption: 'Hand-built illustration: the section’s six layers, with noise added to their scores.',
          answer: { type: 'choice', options: LAYERS, index },
          margin,
          check: (choice) => ({ correct: choice === index, why: `${explain}: ${list}.` }),
          solution: `layer ${index + 1}, ${f2(values[index])}.`,
        };
      });
    },
  };
}

export default [
  layerQuestion({
    id: 'most-focused', title: 'The most focused layer', measure: 'meanEntropy', lowest: true,
    ask: 'which layer is the most focused (the lowest mean entropy of its rows)?',
    explain: 'Mean entropy in nats (the lower, the fewer keys a row uses)',
  }),
  layerQuestion({
    id: 'farthest', title: 'The layer that reaches farthest', measure: 'meanDistance', lowest: false,
    ask: 'which layer looks farthest (the largest mean distance |i − j| of its weights)?',
    explain: 'Mean distance in words (a focused layer can still reach far, as one looking at the sentence’s ends does)',
  }),
];
