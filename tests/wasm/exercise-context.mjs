// What the exercise tests share (exercises.test.mjs: the judgement of answers;
// exercises-answers.test.mjs: each answer recomputed from a formula): the seeds
// tried, small helpers, and the context a section hands its questions.
import { createRequire } from 'node:module';
import { loadCore } from './load.mjs';

export const SEEDS = Array.from({ length: 200 }, (_, k) => 1 + k * 7919);
export const at = (m, i, j) => m.data[i * m.cols + j];
export const entropyOf = (row) => row.reduce((h, p) => (p > 0 ? h - p * Math.log(p) : h), 0);

// Section 16's questions use the shipped model, as the section hands it over once loaded.
let shippedModel = null;
async function trainedModel() {
  shippedModel ??= (await loadCore()).loadModel(createRequire(import.meta.url)('../../dist/atlas-model.js'));
  return shippedModel;
}

// Section 13's questions are about a learner's run: here one two-layer run of 600 steps, saved as
// the section saves its checkpoints.
let run = null;
export async function contextFor(exercise) {
  if (exercise.section === 'kv-cache') {
    const m = await trainedModel();
    return { model: () => m };
  }
  if (exercise.section !== 'learn') return undefined;
  if (!run) {
    const core = await loadCore();
    const trainer = core.createTrainer({ seed: 1, layers: 2 });
    trainer.step(600);
    run = { step: 600, bytes: trainer.save() };
    trainer.dispose();
  }
  return { checkpoint: () => run };
}

// What contextFor handed over last, for the checks that recompute from it.
export const shipped = () => shippedModel;
export const learnerRun = () => run;

