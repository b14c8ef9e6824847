// Section 13's exercises, on the learner's own run: which layer does what (the
// previous-token heads and the induction heads the run has grown), and which
// single head, switched off, costs the repeat loss the most (or the least):
// the two-layer circuit needs both halves. The numbers come from the core's
// trainer, loaded from the run's latest checkpoint (section 13 saves one every
// 100 steps and on Pause, and hands it over with provideExerciseContext): one
// evaluation with every head in use and one with each head alone switched off.
import { loadFullCore } from '../full-core.js';
import { firstAccepted, parseSeed } from './random.js';
import { best, f2, f3 } from './text.js';

const name = (h) => `L${h.layer + 1} H${h.head + 1}`;
const SCORES = [
  { key: 'induction', text: 'induction score', means: 'on a repeated sequence, a query puts its weight on the token just after the earlier copy of itself, so the model can predict what came next last time' },
  { key: 'previousToken', text: 'previous-token score', means: 'each position looks at the one just before it: the first half of the induction circuit, which tells the next layer what preceded each token' },
];

// A question that cannot be drawn yet: the card says why and offers to try again.
function notReady(message) {
  const error = new Error(message);
  error.notReady = true;
  return error;
}

// -> { step, all (evaluation with every head in use), without: [repeat loss with head k alone off] }
async function runOf(core, context) {
  const saved = context?.checkpoint?.();
  if (!saved) throw notReady('This question is about your own run: press Start above, train past step 100 (or press Pause), then press “New question”.');
  const full = await loadFullCore(core);
  const trainer = full.loadTrainer(saved.bytes);
  try {
    const first = trainer.evaluate();
    first.heads.forEach((h) => trainer.ablate(h.layer, h.head, false));
    const all = trainer.evaluate();
    const without = all.heads.map((h) => {
      trainer.ablate(h.layer, h.head, true);
      const loss = trainer.evaluate().lossRepeat;
      trainer.ablate(h.layer, h.head, false);
      return loss;
    });
    return { step: all.step, all, without };
  } finally {
    trainer.dispose();
  }
}

const ablation = {
  id: 'ablation',
  section: 'learn',
  version: 1,
  kind: 'predict',
  title: 'Switch one head off',
  minMargin: 0.02,
  async generate(core, seed, context) {
    parseSeed(seed);
    const run = await runOf(core, context);
    return firstAccepted(seed, this.id, (rng) => {
      const most = rng.int(0, 1) === 0;
      const rises = run.without.map((loss) => loss - run.all.lossRepeat);
      const { index, margin } = best(rises, { lowest: !most });
      if (margin < this.minMargin) return null;
      const list = run.all.heads.map((h, k) => `${name(h)} ${rises[k] >= 0 ? '+' : ''}${f3(rises[k])}`).join(', ');
      return {
        inputs: { step: run.step, most },
        prompt: `Your run at step ${run.step} has a repeat loss of ${f3(run.all.lossRepeat)} nats with every head in use. Which single head, switched off, raises it the ${most ? 'most' : 'least'}? Predict, then check it with the head switches above.`,
        figure: null,
        answer: { type: 'choice', options: run.all.heads.map(name), index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `Switching off one head at a time changes the repeat loss by ${list} nats. A head the circuit needs (a layer-1 head that marks the previous token, the layer-2 head that copies) costs the repeat loss far more than one it does not (Olsson et al., 2022).`,
        }),
        solution: `${name(run.all.heads[index])}: the repeat loss goes from ${f3(run.all.lossRepeat)} to ${f3(run.without[index])} nats.`,
      };
    }, () => notReady(`At step ${run.step} of your run no single head stands out: train on, then press “New question”.`));
  },
};

const whichLayer = {
  id: 'circuit-layer',
  section: 'learn',
  version: 1,
  kind: 'which',
  title: 'Where the circuit sits in your run',
  minMargin: 0.1,
  async generate(core, seed, context) {
    parseSeed(seed);
    const run = await runOf(core, context);
    const layers = [...new Set(run.all.heads.map((h) => h.layer))];
    return firstAccepted(seed, this.id, (rng) => {
      const score = rng.pick(SCORES);
      // Each layer's best head on the score: the heads of one layer often share a role.
      const top = layers.map((l) => Math.max(...run.all.heads.filter((h) => h.layer === l).map((h) => h[score.key])));
      const { index, margin } = best(top);
      if (margin < this.minMargin) return null;
      const list = run.all.heads.map((h) => `${name(h)} ${f2(h[score.key])}`).join(', ');
      return {
        inputs: { step: run.step, score: score.key },
        prompt: `Your run at step ${run.step}: which layer holds the head with the highest ${score.text}?`,
        figure: null,
        answer: { type: 'choice', options: layers.map((l) => `Layer ${l + 1}`), index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `The ${score.text}s of your run's heads: ${list}. A high ${score.text} means ${score.means}. The circuit needs two layers: the induction head in layer 2 reads what a layer-1 head wrote about each token's predecessor.`,
        }),
        solution: `layer ${layers[index] + 1} (its best head scores ${f2(top[index])}).`,
      };
    }, () => notReady(`At step ${run.step} neither layer stands out on these scores yet: train on, then press “New question”.`));
  },
};

export default [ablation, whichLayer];
