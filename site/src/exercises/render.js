// One exercise card: its question (drawn from a seed by the exercise's
// generator, every number from the core), the figure, the way to answer (a cell
// of the figure, a choice, or a number), feedback at once with the numbers,
// and Try again / Show answer / New question. Keyboard: the figure takes arrow
// keys and Enter, choices are buttons, the number field answers on Enter; the
// feedback is spoken once through the page's live region (charts/announce.js).
// A predict-then-reveal question shows `figure` until the first answer, then
// `reveal`. Learner input is read as a number or an index, never inserted as HTML.
//
//   const card = exerciseCard(exercise, { core, seed, context, onAnswer, onSeed, onDraw });
//   card.element   card.question   card.setSeed(seed)   card.retry()
import { announce } from '../charts/announce.js';
import { exerciseFigure } from './figure.js';
import { parseSeed } from './random.js';

export const KIND_LABELS = {
  pick: 'Pick in the figure', estimate: 'Estimate', predict: 'Predict, then check', which: 'Which one is it?',
};

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text, action) {
  const b = el('button', '', text);
  b.type = 'button';
  b.dataset.action = action;
  return b;
}

export const newQuestionSeed = (current) => {
  let next = current;
  while (next === current) next = 1 + Math.floor(Math.random() * 99999);
  return next;
};

export function exerciseCard(exercise, { core, seed, context, onAnswer = () => {}, onSeed = () => {}, onDraw = () => {} }) {
  const id = `exercise-${exercise.section}-${exercise.id}`;
  const card = el('div', 'exercise');
  card.id = id;
  card.dataset.exercise = `${exercise.section}/${exercise.id}`;
  card.dataset.kind = exercise.kind;
  card.setAttribute('role', 'group');
  card.setAttribute('aria-labelledby', `${id}-title`);
  const title = el('h4', 'exercise-title');
  title.id = `${id}-title`;
  title.append(el('span', 'exercise-kind', KIND_LABELS[exercise.kind]), ' ', el('span', '', exercise.title));
  const prompt = el('p', 'exercise-prompt');
  const figureBox = el('div', 'exercise-figure');
  const caption = el('p', 'exercise-caption');
  const answerBox = el('div', 'exercise-answer');
  const feedback = el('p', 'exercise-feedback');
  feedback.hidden = true;
  const actions = el('div', 'exercise-actions');
  const again = button('Try again', 'try-again');
  const show = button('Show answer', 'show-answer');
  const next = button('New question', 'new-question');
  const number = el('span', 'exercise-seed');
  actions.append(again, show, next, number);
  const seedError = el('p', 'control-error exercise-seed-error');
  seedError.hidden = true;
  card.append(title, prompt, figureBox, caption, answerBox, feedback, actions, seedError);

  let question = null;
  let figure = null;
  let current = seed;
  let state = 'answering'; // 'answering' | 'answered' | 'shown' | 'waiting' (no question yet)
  let revealed = false;

  function setState(next, result) {
    state = next;
    card.dataset.state = next;
    card.dataset.result = result || '';
    answerBox.querySelectorAll('button, input').forEach((c) => { c.disabled = next !== 'answering'; });
    again.hidden = next === 'answering' || next === 'waiting' || result === 'right';
    show.hidden = next === 'shown' || result === 'right';
  }

  // A keyboard user whose control was just disabled keeps a place in the card: the next action.
  function keepFocus() {
    const active = document.activeElement;
    if (active && active !== document.body && !active.disabled) return;
    (again.hidden ? next : again).focus();
  }

  function say(text, result) {
    feedback.hidden = false;
    feedback.textContent = text;
    feedback.dataset.result = result;
    announce(text);
  }

  function reveal() {
    if (question.reveal && !revealed) {
      revealed = true;
      if (figure) figure.update(question.reveal);
      else figure = exerciseFigure(figureBox, question.reveal);
      figureBox.hidden = false;
      caption.textContent = question.revealCaption || caption.textContent;
    }
  }

  function answer(response) {
    if (state !== 'answering') return;
    answerBox.querySelectorAll('[data-index]').forEach((b) => { b.dataset.chosen = String(Number(b.dataset.index) === response); });
    const { correct, why } = question.check(response);
    reveal();
    setState('answered', correct ? 'right' : 'wrong');
    say(`${correct ? 'Right.' : 'Not quite.'} ${why}`, correct ? 'right' : 'wrong');
    keepFocus();
    onAnswer({ correct, shown: false, seed: current });
  }

  function showAnswer() {
    reveal();
    const cell = question.answer.type === 'cell' ? question.answer : null;
    if (cell) figure.highlight(cell.row ?? 0, cell.col ?? 0);
    setState('shown', 'shown');
    say(`Answer: ${question.solution}`, 'shown');
    onAnswer({ correct: false, shown: true, seed: current });
  }

  function answerControls() {
    const a = question.answer;
    answerBox.replaceChildren();
    if (a.type === 'choice') {
      const group = el('div', 'exercise-choices');
      group.setAttribute('role', 'group');
      group.setAttribute('aria-label', 'Your answer');
      a.options.forEach((option, index) => {
        const b = button(option, 'choose');
        b.dataset.index = String(index);
        b.addEventListener('click', () => answer(index));
        group.append(b);
      });
      // On paper the buttons are not printed: the options as a line of text.
      const printed = el('p', 'exercise-options-print', `Options: ${a.options.join(' · ')}`);
      answerBox.append(group, printed);
    } else if (a.type === 'number') {
      // Not a <form>: a frame sandboxed without allow-forms never fires its submit event.
      const form = el('div', 'exercise-number');
      const label = el('label', '', a.label);
      const input = el('input');
      input.type = 'number';
      input.step = 'any';
      input.inputMode = 'decimal';
      input.id = `${id}-value`;
      label.htmlFor = input.id;
      const check = button('Check', 'check');
      const error = el('p', 'control-error');
      error.hidden = true;
      form.append(label, input, check, error);
      const submit = () => {
        const value = input.value.trim() === '' ? Number.NaN : Number(input.value);
        error.hidden = Number.isFinite(value);
        error.textContent = Number.isFinite(value) ? '' : 'Type a number first, such as 0.25.';
        if (Number.isFinite(value)) answer(value);
        else input.focus();
      };
      check.addEventListener('click', submit);
      input.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        submit();
      });
      answerBox.append(form);
    } else {
      answerBox.append(el('p', 'exercise-how', a.how
        || 'Click or tap a cell, or focus the figure, move with the arrow keys and press Enter.'));
    }
  }

  // A question that cannot be drawn yet (section 13 before any training): the
  // generator's message in place of the prompt, and "New question" to try again.
  function waiting(error) {
    question = null;
    prompt.textContent = error.notReady ? error.message : `This question could not be drawn (${error.message}).`;
    caption.textContent = '';
    figureBox.hidden = true;
    answerBox.replaceChildren();
    feedback.hidden = true;
    setState('waiting');
    show.hidden = true;
  }

  function present(made, seedValue) {
    question = made;
    revealed = false;
    prompt.textContent = question.prompt;
    caption.textContent = question.caption || '';
    figureBox.hidden = !question.figure;
    figure = null;
    figureBox.replaceChildren();
    if (question.figure) {
      figure = exerciseFigure(figureBox, question.figure);
      figure.onSelect((cell) => answer(cell));
    }
    answerControls();
    feedback.hidden = true;
    feedback.textContent = '';
    setState('answering');
    onDraw(question, seedValue);
  }

  // Generators return a question, or a promise of one (section 13 loads the learner's run).
  let drawing = 0;
  function draw(seedValue) {
    current = seedValue;
    number.textContent = `Question ${seedValue}`;
    const ticket = ++drawing;
    let made;
    try {
      made = exercise.generate(core, seedValue, context);
    } catch (error) {
      waiting(error);
      return;
    }
    if (typeof made?.then !== 'function') {
      present(made, seedValue);
      return;
    }
    prompt.textContent = 'Drawing the question from your run…';
    made.then((q) => { if (ticket === drawing) present(q, seedValue); },
      (error) => { if (ticket === drawing) waiting(error); });
  }

  again.addEventListener('click', () => {
    setState('answering');
    feedback.hidden = true;
    (answerBox.querySelector('input, button') || figureBox.querySelector('[tabindex]'))?.focus();
  });
  show.addEventListener('click', showAnswer);
  next.addEventListener('click', () => {
    const seedValue = newQuestionSeed(current);
    draw(seedValue);
    onSeed(seedValue);
    (answerBox.querySelector('input, button') || figureBox.querySelector('[tabindex]') || next).focus();
  });

  // A seed from the address that is not a question number: say so, and draw the first question.
  let start = 1;
  try {
    start = seed === undefined ? 1 : parseSeed(seed);
  } catch (error) {
    seedError.hidden = false;
    seedError.textContent = `${error.message.replace(/^seed: /, 'The link’s question number was ignored: ')}.`;
  }
  draw(start);

  return {
    element: card,
    // Draws the question again if it was waiting for something (a model, a run) that may be there now.
    retry() { if (state === 'waiting') draw(current); },
    get question() { return question; },
    get seed() { return current; },
    get state() { return state; },
  };
}
