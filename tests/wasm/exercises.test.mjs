// The exercises' generators (site/src/exercises/): over 200 seeds each, a seed
// always gives the same question, the question has exactly one right answer
// (every other choice, row or number outside the tolerance is judged wrong, and
// near-ties were rejected: the margin is at least the exercise's minMargin).
// A bad seed is refused with a message. That each answer is what the section's
// own core call gives is exercises-answers.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';
import { exercises } from '../../site/src/exercises/index.js';
import { parseSeed } from '../../site/src/exercises/random.js';
import { SEEDS, contextFor } from './exercise-context.mjs';

// The wrong answers a learner could give: every other option or row, and numbers just outside the tolerance.
function wrongResponses(q) {
  const a = q.answer;
  if (a.type === 'choice') return a.options.map((_, k) => k).filter((k) => k !== a.index);
  if (a.type === 'cell') {
    const { rows, cols } = q.figure.matrix;
    const cells = [];
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const right = (a.row === undefined || row === a.row) && (a.col === undefined || col === a.col);
        if (!right) cells.push({ row, col });
      }
    }
    return cells;
  }
  const step = a.tolerance === 0 ? 1 : 2 * a.tolerance;
  return [a.value + a.tolerance + step, a.value - a.tolerance - step];
}
function rightResponse(q) {
  const a = q.answer;
  if (a.type === 'choice') return a.index;
  if (a.type === 'cell') return { row: a.row ?? 0, col: a.col ?? 0 };
  return a.value + a.tolerance / 2;
}


for (const exercise of exercises) {
  test(`${exercise.section}/${exercise.id}: 200 seeds give one right answer each, the same for the same seed`, async () => {
    const core = await loadCore();
    const context = await contextFor(exercise);
    for (const seed of SEEDS) {
      const q = await exercise.generate(core, seed, context);
      assert.equal((await exercise.generate(core, seed, context)).prompt, q.prompt, `seed ${seed} gives the same question twice`);
      assert.ok(q.prompt.length > 20 && q.solution.length > 0);
      if (exercise.minMargin !== undefined) assert.ok(q.margin >= exercise.minMargin, `seed ${seed}: margin ${q.margin}`);
      const right = q.check(rightResponse(q));
      assert.equal(right.correct, true, `seed ${seed}: the answer is judged right`);
      assert.match(right.why, /\d/, 'the feedback gives numbers');
      for (const wrong of wrongResponses(q)) {
        const verdict = q.check(wrong);
        assert.equal(verdict.correct, false, `seed ${seed}: ${JSON.stringify(wrong)} is judged wrong`);
        assert.ok(verdict.why.length > 20);
      }
    }
  });
}

test('learn: before the run has a checkpoint, the question says what to do instead of guessing', async () => {
  const core = await loadCore();
  for (const exercise of exercises.filter((e) => e.section === 'learn')) {
    await assert.rejects(exercise.generate(core, 1, { checkpoint: () => null }), (e) => e.notReady && /press Start/.test(e.message));
  }
});

test('kv-cache: before the model is loaded, the question says to press Generate', async () => {
  const core = await loadCore();
  for (const exercise of exercises.filter((e) => e.section === 'kv-cache')) {
    assert.throws(() => exercise.generate(core, 1, { model: () => null }), (e) => e.notReady && /press Generate/.test(e.message));
  }
});

test('a seed that is not a question number is refused with a message naming it', async () => {
  const core = await loadCore();
  for (const bad of ['-3', '0', 'abc', '1.5', '', '1000000000']) {
    assert.throws(() => parseSeed(bad), (e) => e.field === 'seed' && /question number/.test(e.message));
  }
  assert.equal(parseSeed(' 42 '), 42);
  assert.throws(() => exercises[0].generate(core, -1), /seed/);
});

