// Gives a section its "Practice" part: one card per exercise registered for the
// section's id (./index.js), at the end of the section. Each card's question
// seed is in the address as q.<section>.<exercise>=<seed> (only when it is not
// the first question, 1), so a link reproduces the question; answers go to the
// progress store (./progress.js) and, inside a frame, to the parent page
// (./messages.js). The section module itself needs no code for any of it.
import { exercises, exercisesOf } from './index.js';
import { exerciseCard } from './render.js';
import { keyOf, pageProgress } from './progress.js';
import { postAnswer } from './messages.js';
import { readParams, writeParam } from '../ui/url-state.js';

const PARAM_PREFIX = 'q';
const contexts = new WeakMap();
const mounted = new WeakMap(); // section root -> its cards
const drawn = new Map(); // key -> { exercise, question, seed } of every card on the page

// The questions on the page now, in the order of the exercises (for the printed answers).
export const drawnQuestions = () => exercises.filter((e) => drawn.has(keyOf(e))).map((e) => drawn.get(keyOf(e)));

// A section whose questions need its own live state (section 13: the learner's run)
// hands it over once: provideExerciseContext(root, { ... }).
export function provideExerciseContext(root, context) {
  contexts.set(root, context);
}

// The section's questions that waited for its context (a model loaded, a run saved) are drawn again.
export function retryWaiting(root) {
  (mounted.get(root) || []).forEach(({ card }) => card.retry());
}

export function sectionScore(section, progress = pageProgress()) {
  const list = exercisesOf(section);
  return { score: list.filter((e) => progress.get(keyOf(e))?.correct).length, total: list.length };
}

function statusText(record) {
  if (record?.correct) return 'Done: answered right';
  if (record?.shown) return 'Answer shown';
  if (record?.attempts) return `Tried ${record.attempts} time${record.attempts === 1 ? '' : 's'}`;
  return 'Not answered yet';
}

export function mountPractice(root, core) {
  const list = exercisesOf(root.id);
  // A figure-only embed (embed.html?...&figure=) shows that figure and nothing else.
  if (list.length === 0 || root.classList.contains('figure-only')) return null;
  const progress = pageProgress();
  const part = document.createElement('div');
  part.className = 'practice';
  part.id = `${root.id}-practice`;
  const heading = document.createElement('h3');
  heading.textContent = 'Practice';
  const summary = document.createElement('p');
  summary.className = 'practice-summary';
  part.append(heading, summary);
  const seeds = readParams(PARAM_PREFIX);
  const cards = list.map((exercise) => {
    const key = keyOf(exercise);
    const status = document.createElement('p');
    status.className = 'exercise-status';
    const card = exerciseCard(exercise, {
      core,
      seed: seeds.get(`${exercise.section}.${exercise.id}`),
      context: contexts.get(root),
      onDraw: (question, seed) => drawn.set(key, { exercise, question, seed }),
      onSeed: (seed) => writeParam(PARAM_PREFIX, `${exercise.section}.${exercise.id}`, seed === 1 ? null : String(seed)),
      onAnswer: ({ correct, shown, seed }) => {
        const record = progress.record(key, { correct, shown, seed });
        const { score, total } = sectionScore(root.id, progress);
        postAnswer({ section: exercise.section, exercise: exercise.id, correct: correct && !shown, attempts: record.attempts, score, total });
      },
    });
    card.element.querySelector('.exercise-title').after(status);
    part.append(card.element);
    return { exercise, key, card, status };
  });
  function refresh() {
    cards.forEach(({ key, card, status }) => {
      const record = progress.get(key);
      status.textContent = statusText(record);
      card.element.dataset.done = record?.correct ? 'true' : 'false';
    });
    const { score, total } = sectionScore(root.id, progress);
    summary.textContent = `${score} of ${total} exercises of this section answered right${progress.persistent ? '' : ' (kept for this visit only: this page may not store anything)'}.`;
    root.dataset.practice = `${score}/${total}`;
  }
  progress.onChange(refresh);
  refresh();
  root.append(part);
  mounted.set(root, cards);
  return { cards };
}
