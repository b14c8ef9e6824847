// The article's "Check yourself" part (site/sections/91-check-yourself.html):
// every exercise with its status and a link to its section, the score so far,
// and "Forget my answers"; the progress of each section beside its title in the
// table of contents; and, for print, the answers to the questions drawn on the
// page. Reads the progress store (./progress.js) and what mount.js has drawn.
import { exercises } from './index.js';
import { keyOf, pageProgress } from './progress.js';
import { drawnQuestions, sectionScore } from './mount.js';

// The exercises of the sections on this page (all of them in the article; one in a one-section package).
const onPage = () => exercises.filter((e) => document.getElementById(e.section));
const sectionIds = () => [...new Set(onPage().map((e) => e.section))];
const titleOf = (id) => document.getElementById(id)?.querySelector('h2')?.textContent.trim() || id;

function statusOf(record) {
  if (record?.correct) return 'right';
  if (record?.shown) return 'answer shown';
  if (record?.attempts) return 'not right yet';
  return 'not tried';
}

function table(progress) {
  const t = document.createElement('table');
  const head = t.createTHead().insertRow();
  ['Section', 'Exercise', 'Status'].forEach((text) => {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  });
  const body = t.createTBody();
  onPage().forEach((exercise) => {
    const record = progress.get(keyOf(exercise));
    const row = body.insertRow();
    row.dataset.exercise = `${exercise.section}/${exercise.id}`;
    row.dataset.status = statusOf(record);
    row.insertCell().textContent = titleOf(exercise.section);
    const link = document.createElement('a');
    link.href = `#${exercise.section}`;
    link.textContent = exercise.title;
    row.insertCell().append(link);
    row.insertCell().textContent = statusOf(record);
  });
  return t;
}

function tocMarks(progress) {
  sectionIds().forEach((id) => {
    const item = document.querySelector(`.toc a[href="#${id}"]`);
    if (!item) return;
    let mark = item.parentElement.querySelector('.toc-progress');
    if (!mark) {
      mark = document.createElement('span');
      mark.className = 'toc-progress';
      item.after(mark);
    }
    const { score, total } = sectionScore(id, progress);
    mark.textContent = ` ${score}/${total} practice done`;
    mark.dataset.done = score === total ? 'true' : 'false';
  });
}

function answers(list) {
  list.replaceChildren(...drawnQuestions().map(({ exercise, question, seed }) => {
    const li = document.createElement('li');
    li.textContent = `${titleOf(exercise.section)}, “${exercise.title}” (question ${seed}): ${question.solution}`;
    return li;
  }));
}

export function mountCheckYourself(doc = document) {
  const part = doc.getElementById('check-yourself');
  const progress = pageProgress();
  function refresh() {
    tocMarks(progress);
    if (!part) return;
    const list = onPage();
    const right = list.filter((e) => progress.get(keyOf(e))?.correct).length;
    part.querySelector('[data-practice-total]').textContent = `${right} of ${list.length} exercises answered right so far${progress.persistent ? '' : ' (kept for this visit only: this page may not store anything here)'}.`;
    part.querySelector('[data-practice-table]').replaceChildren(table(progress));
  }
  progress.onChange(refresh);
  refresh();
  if (!part) return;
  const done = part.querySelector('[data-practice-forgotten]');
  part.querySelector('[data-action="forget-answers"]').addEventListener('click', () => {
    progress.forget();
    done.textContent = 'Your answers are forgotten.';
  });
  const list = part.querySelector('[data-practice-answer-list]');
  window.addEventListener('beforeprint', () => answers(list));
  answers(list);
}
