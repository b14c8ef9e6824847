// Section 8's exercises: telling the four hand-built heads apart by their
// shape (previous word, determiner to noun, content stripes, broad average),
// and the determiner head's rule (a determiner reads the next word that is not
// a function word; the direction matters). Inputs as the section's figure takes
// them: a sentence, the default marking, core.headRoles.
import { firstAccepted } from './random.js';
import { PLAIN, REPEATS, at, best, rowOf, rowGap, quote, wordAt, f2 } from './text.js';

const ROLES = [
  { key: 'previous', name: 'the previous-word head', looks: 'a diagonal just below the main one: each word looks at the word before it' },
  { key: 'determiners', name: 'the determiner head', looks: 'the main diagonal with a few rows moved: only the determiners look ahead, at their nouns' },
  { key: 'content', name: 'the content-word head', looks: 'vertical stripes: every word looks at the same few content words' },
  { key: 'broad', name: 'the broad head', looks: 'an even spread: every word averages the whole sentence' },
];
const LETTERS = ['A', 'B', 'C', 'D'];
const SENTENCES = [...PLAIN, ...REPEATS];

const whichHead = {
  id: 'which-head',
  section: 'head-roles',
  version: 1,
  kind: 'which',
  title: 'Name the head',
  minMargin: 0.2,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(SENTENCES);
      const words = core.tokenize(sentence);
      const r = core.headRoles(words);
      const order = rng.shuffle(ROLES);
      const asked = rng.int(0, 3);
      const target = order[asked];
      // The asked head must differ clearly from each of the others somewhere.
      const gap = (a, b) => Math.max(...words.map((_, i) => rowGap(rowOf(r[a.key], i), rowOf(r[b.key], i))));
      const margin = Math.min(...order.filter((h) => h !== target).map((h) => gap(h, target)));
      if (margin < this.minMargin) return null;
      const n = words.length;
      const own = words.findIndex((_, i) => !r.determiner[i]);
      const signature = (key) => ({
        previous: () => `word 2 gives ${f2(at(r.previous, 1, 0))} to word 1`,
        determiners: () => `${words.filter((_, i) => r.determiner[i]).length} determiner rows look ahead; ${quote(words[own])} gives ${f2(at(r.determiners, own, own))} to itself`,
        content: () => `every row gives ${f2(Math.max(...rowOf(r.content, 0)))} to its largest column`,
        broad: () => `every weight is ${f2(at(r.broad, 0, 0))} = 1/${n}`,
      })[key]();
      return {
        inputs: { sentence, order: order.map((h) => h.key), asked },
        prompt: `Four heads on “${sentence}”, in a shuffled order. Which one is ${target.name}?`,
        figure: {
          type: 'grid', rowTitle: 'query', colTitle: 'key',
          panels: order.map((h, k) => ({ title: `Head ${LETTERS[k]}`, matrix: r[h.key], rowLabels: words, colLabels: words })),
        },
        caption: 'Hand-built illustration: the four heads of the section, computed by the core for this sentence.',
        answer: { type: 'choice', options: LETTERS.map((l) => `Head ${l}`), index: asked },
        margin,
        check: (choice) => {
          const why = `${target.name[0].toUpperCase()}${target.name.slice(1)} is head ${LETTERS[asked]}: ${target.looks} (${signature(target.key)}).`;
          if (choice === asked) return { correct: true, why };
          const picked = order[choice];
          return { correct: false, why: `Head ${LETTERS[choice]} is ${picked.name}: ${picked.looks} (it differs from head ${LETTERS[asked]} by up to ${f2(gap(picked, target))} in a cell). ${why}` };
        },
        solution: `head ${LETTERS[asked]}: ${target.looks}.`,
      };
    });
  },
};

const determinerTarget = {
  id: 'determiner-noun',
  section: 'head-roles',
  version: 1,
  kind: 'predict',
  title: 'Where does the determiner look?',
  minMargin: 0.5,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(SENTENCES);
      const words = core.tokenize(sentence);
      const r = core.headRoles(words);
      const determiners = words.map((_, i) => i).filter((i) => r.determiner[i] && i < words.length - 1);
      if (determiners.length === 0) return null;
      const row = rng.pick(determiners);
      const weights = rowOf(r.determiners, row);
      const { index, margin } = best(weights);
      if (index === row || margin < this.minMargin) return null;
      const options = words.map((w, j) => `${j + 1}. ${w}`);
      return {
        inputs: { sentence, row },
        prompt: `In “${sentence}”, the determiner head lets each determiner read its noun. Predict: which word will ${wordAt(words, row)} give its weight to? Then the figure shows the head.`,
        figure: null,
        reveal: { type: 'heatmap', matrix: r.determiners, rowLabels: words, colLabels: words, rowTitle: 'query', colTitle: 'key' },
        revealCaption: 'Hand-built illustration: the determiner head for this sentence, computed by the core.',
        answer: { type: 'choice', options, index },
        margin,
        check: (choice) => {
          const why = `${wordAt(words, row)} gives ${f2(weights[index])} to ${wordAt(words, index)}: the next word after it that is not a function word. The determiner reads its noun, not the other way round; every other word attends to itself.`;
          if (choice === index) return { correct: true, why };
          return { correct: false, why: `Your pick ${quote(words[choice])} gets ${f2(weights[choice])}. ${why}` };
        },
        solution: `${wordAt(words, index)}, the next word that is not a function word.`,
      };
    });
  },
};

export default [whichHead, determinerTarget];
