// Marks a section's figures as out of date while one of its inputs is refused
// (the figures keep showing the last input that worked): a visible note at the
// top of each figure, and a class the stylesheet uses to fade the charts.
const NOTE = 'Out of date: this figure still shows the last input that worked. Fix the field marked in red to update it.';

export function markStale(root, stale) {
  root.classList.toggle('is-stale', stale);
  root.querySelectorAll('figure').forEach((figure) => {
    let note = figure.querySelector(':scope > .stale-note');
    if (!note && !stale) return;
    if (!note) {
      note = document.createElement('p');
      note.className = 'stale-note';
      note.setAttribute('role', 'status');
      note.textContent = NOTE;
      figure.prepend(note);
    }
    note.hidden = !stale;
  });
}
