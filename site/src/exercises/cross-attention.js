// Section 7's exercises: queries come from the target and keys from the source,
// so a repeated source word gets identical columns (no positions), and random
// weights give no alignment ("chat" is not drawn to "cat"). Inputs as the
// section's figure takes them: source, target, seed, d_model 16, core.crossAttention.
import { firstAccepted } from './random.js';
import { at, best, rowGap, f3, quote, wordAt } from './text.js';

const D_MODEL = 16;
const PAIRS = [
  ['the black cat sleeps on the mat', 'le chat noir dort sur le tapis'],
  ['the dog and the cat play', 'le chien et le chat jouent'],
  ['a bird sings in a tree', 'un oiseau chante dans un arbre'],
  ['the sun warms the sea', 'le soleil réchauffe la mer'],
  ['my sister reads my letter', 'ma sœur lit ma lettre'],
  ['the boy gives the girl a book', 'le garçon donne un livre à la fille'],
];
const figureOf = (target, source, weights) => ({
  type: 'heatmap', matrix: weights, rowLabels: target, colLabels: source,
  rowTitle: 'target word (query)', colTitle: 'source word (key)',
});
const columnOf = (m, j) => Array.from({ length: m.rows }, (_, i) => at(m, i, j));

const sameColumn = {
  id: 'same-column',
  section: 'cross-attention',
  version: 1,
  kind: 'pick',
  title: 'Two identical columns',
  minMargin: 0.02,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const [sourceText, targetText] = rng.pick(PAIRS);
      const weightsSeed = rng.seed();
      const source = core.tokenize(sourceText);
      const target = core.tokenize(targetText);
      const first = source.findIndex((w, j) => source.indexOf(w, j + 1) > j);
      const twin = source.indexOf(source[first], first + 1);
      const { weights } = core.crossAttention(target, source, { dModel: D_MODEL, seed: weightsSeed });
      const gaps = source.map((_, j) => rowGap(columnOf(weights, j), columnOf(weights, first)));
      const margin = Math.min(...gaps.filter((_, j) => j !== first && j !== twin));
      if (margin < this.minMargin) return null;
      return {
        inputs: { source: sourceText, target: targetText, seed: weightsSeed, first },
        prompt: `Source “${sourceText}”, target “${targetText}”, seed ${weightsSeed}: which other column has exactly the same weights as the column of source word ${wordAt(source, first)}?`,
        figure: figureOf(target, source, weights),
        caption: 'Computed from random weights, as in the section’s figure.',
        answer: { type: 'cell', col: twin, how: 'Click or tap any cell of that column, or focus the figure, move to the column with the arrow keys and press Enter.' },
        margin,
        check: ({ col }) => {
          const why = `Source words ${first + 1} and ${twin + 1} are both ${quote(source[first])}: the same word gives the same key wherever it stands, and each target word's query scores the two keys alike.`;
          if (col === twin) return { correct: true, why };
          if (col === first) return { correct: false, why: `That is the column of ${wordAt(source, first)} itself; look for another column equal to it.` };
          return { correct: false, why: `The column of ${wordAt(source, col)} differs from it by up to ${f3(gaps[col])}. ${why}` };
        },
        solution: `column ${twin + 1}, ${quote(source[twin])}.`,
      };
    });
  },
};

const noAlignment = {
  id: 'top-source',
  section: 'cross-attention',
  version: 1,
  kind: 'pick',
  title: 'What a target word reads',
  minMargin: 0.03,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const [sourceText, targetText] = rng.pick(PAIRS);
      const weightsSeed = rng.seed();
      const source = core.tokenize(sourceText);
      const target = core.tokenize(targetText);
      const row = rng.int(0, target.length - 1);
      const { weights } = core.crossAttention(target, source, { dModel: D_MODEL, seed: weightsSeed });
      const values = source.map((_, j) => at(weights, row, j));
      const { index, margin } = best(values);
      if (margin < this.minMargin) return null;
      return {
        inputs: { source: sourceText, target: targetText, seed: weightsSeed, row },
        prompt: `Source “${sourceText}”, target “${targetText}”, seed ${weightsSeed}: which source word does the target word ${wordAt(target, row)} take the most from?`,
        figure: figureOf(target, source, weights),
        caption: 'Computed from random weights, as in the section’s figure.',
        answer: { type: 'cell', row, col: index, how: `Click or tap the cell in the row of ${quote(target[row])}, or focus the figure, move to it with the arrow keys and press Enter.` },
        margin,
        check: ({ row: r, col }) => {
          if (r !== row) return { correct: false, why: `That cell is in the row of ${wordAt(target, r)}; the question is about the row of ${wordAt(target, row)}.` };
          const why = `${quote(target[row])} gives ${wordAt(source, index)} ${f3(values[index])}, the most of its row. With random weights that is chance, not a translation: a learned alignment would need trained weights (Bahdanau et al., 2015).`;
          return col === index ? { correct: true, why } : { correct: false, why: `Your pick ${quote(source[col])} gets ${f3(values[col])}. ${why}` };
        },
        solution: `${wordAt(source, index)}, ${f3(values[index])}.`,
      };
    });
  },
};

export default [sameColumn, noAlignment];
