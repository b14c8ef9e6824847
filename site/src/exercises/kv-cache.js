// Section 16's exercises, on the trained Austen model the section loads: what a
// decoding step costs without the KV cache (the core's multiply-adds, with and
// without it), and which earlier character a new query weighs most (the
// attention of a generated character, read from the cache). Both come from
// m.generate with the section's sampling settings. The model loads with the
// section's first Generate (section 16 hands it over with
// provideExerciseContext); before that the card says so.
import { firstAccepted } from './random.js';
import { best, f3 } from './text.js';
import { generatedRows } from '../sections/kv-rows.js';

// The section's defaults: the figure's draws are these.
const SAMPLING = { temperature: 0.8, topK: 10, compare: false };
// Openings of Austen's novels (public domain), which the model has read.
const PROMPTS = [
  'It is a truth universally acknowledged',
  'Emma Woodhouse, handsome, clever, and rich',
  'The family of Dashwood had long been settled in Sussex',
  'No one who had ever seen Catherine Morland',
  'Sir Walter Elliot, of Kellynch Hall',
  'About thirty years ago Miss Maria Ward',
];

function notReady(message) {
  const error = new Error(message);
  error.notReady = true;
  return error;
}

function modelOf(context) {
  const m = context?.model?.();
  if (!m) throw notReady('This question uses the trained model: press Generate above to load it, then press “New question”.');
  return m;
}

const millions = (n) => (n / 1e6).toFixed(4);
const count = (n) => n.toLocaleString('en-US');
// 1 -> '1st', 2 -> '2nd', 11 -> '11th', 23 -> '23rd'
function ordinal(k) {
  const teen = k % 100 >= 11 && k % 100 <= 13;
  return `${k}${teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[k % 10] || 'th')}`;
}

const withoutCache = {
  id: 'work-without-cache',
  section: 'kv-cache',
  version: 1,
  kind: 'estimate',
  title: 'What the cache saves',
  generate(core, seed, context) {
    const m = modelOf(context);
    return firstAccepted(seed, this.id, (rng) => {
      const text = rng.pick(PROMPTS);
      const written = rng.int(1, 40); // characters generated before the step asked about
      const g = m.generate(text, { ...SAMPLING, steps: written + 1, seed: rng.seed() });
      const step = g.characters[written];
      const t = g.prompt.length + written; // positions the step reads
      const value = step.multiplyAddsFull / 1e6;
      const tolerance = Number((value / 20).toPrecision(1));
      return {
        inputs: { prompt: text, written, t },
        prompt: `The trained model continues “${text}” (${g.prompt.length} characters) and has written ${written} character${written === 1 ? '' : 's'} so far, so the step that writes the next one reads t = ${t} positions. With the KV cache that step costs ${count(step.multiplyAddsCached)} multiply-adds (its matrix products, counted by the core). Without a cache, the step runs all ${t} positions through every layer again. How many million multiply-adds does it cost then? (within ${tolerance})`,
        figure: null,
        answer: { type: 'number', value, tolerance, label: 'million multiply-adds' },
        tolerance,
        check: (guess) => {
          const right = Math.abs(guess - value) <= tolerance;
          return {
            correct: right,
            why: `${millions(step.multiplyAddsFull)} million${right ? '' : `, not ${guess}`}: ${t} × ${count(step.multiplyAddsCached)}. Recomputing, each of the ${t} positions costs what the new one costs with the cache (its projections, its MLP, its row of attention over ${t} keys), so the step costs exactly t times as much; over a whole continuation the work grows with the square of its length instead of with the length.`,
          };
        },
        solution: `${millions(step.multiplyAddsFull)} million multiply-adds (${t} times ${count(step.multiplyAddsCached)}).`,
      };
    });
  },
};

const strongestKey = {
  id: 'strongest-key',
  section: 'kv-cache',
  version: 1,
  kind: 'pick',
  title: 'What a new query reads',
  minMargin: 0.05,
  generate(core, seed, context) {
    const m = modelOf(context);
    return firstAccepted(seed, this.id, (rng) => {
      const text = rng.pick(PROMPTS);
      const steps = rng.int(6, 12);
      const weightsSeed = rng.seed();
      const layer = rng.int(0, m.config.layers - 1);
      const head = rng.int(0, m.config.heads - 1);
      const row = rng.int(1, steps - 1);
      const g = m.generate(text, { ...SAMPLING, steps, seed: weightsSeed });
      const rows = generatedRows(g, layer, head);
      const seen = g.prompt.length + row; // the positions the query of character `row` read
      const values = Array.from(rows.matrix.data.subarray(row * rows.matrix.cols, row * rows.matrix.cols + seen));
      const { index, margin } = best(values);
      if (margin < this.minMargin) return null;
      const written = g.characters.map((c) => c.character).join('');
      const which = `the ${ordinal(row + 1)} generated character, “${g.characters[row].character}”`;
      const name = (j) => `“${rows.colLabels[j]}” (position ${j + 1})`;
      return {
        inputs: { prompt: text, continuation: written, layer, head, row },
        prompt: `With seed ${weightsSeed} the model continues “${text}” with “${written}”. In layer ${layer + 1}, head ${head + 1}, which of the positions it read does the query that wrote ${which} weigh most?`,
        figure: {
          type: 'heatmap', ...rows, rowTitle: 'generated character (query)', colTitle: 'position read (key)', format: '.2f', maxCell: 24,
        },
        caption: 'Trained model: each row is one generated character’s query over the cached keys of the positions before it, as in the section’s figure; hatched cells did not exist yet.',
        answer: { type: 'cell', row, col: index, how: `Click or tap the cell in the row of ${which}, or focus the figure, move to it with the arrow keys and press Enter.` },
        margin,
        check: ({ row: r, col }) => {
          if (r !== row) return { correct: false, why: `That cell is in the row of the ${ordinal(r + 1)} generated character; the question is about ${which}.` };
          const why = `${name(index)} gets ${f3(values[index])}, the most of its row. The query reads that position’s key from the cache, stored when the position was read and never computed again.`;
          if (col >= seen) return { correct: false, why: `Position ${col + 1} did not exist yet when ${which} was written (hatched). ${why}` };
          return col === index ? { correct: true, why } : { correct: false, why: `Your pick ${name(col)} gets ${f3(values[col])}. ${why}` };
        },
        solution: `${name(index)}, ${f3(values[index])}.`,
      };
    });
  },
};

export default [withoutCache, strongestKey];
