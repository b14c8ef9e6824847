// The visible note when a link carried values a section could not use:
// "This link's value for Seed (“-3”) was not used: Seed must be a whole number
// from 0 to 4,294,967,295." Shown after the section's controls; text only.
// ignored: [{ name, raw, problem }]; an empty list removes the note.
export function linkNote(root, ignored) {
  let note = root.querySelector(':scope .link-note');
  if (!ignored.length) {
    note?.remove();
    return;
  }
  if (!note) {
    note = document.createElement('div');
    note.className = 'link-note';
    note.setAttribute('role', 'status');
    const anchor = root.querySelector('.controls') || root.querySelector('h2');
    if (anchor) anchor.after(note);
    else root.prepend(note); // a group of controls without a heading (a trained view's)
  }
  const title = document.createElement('p');
  title.textContent = 'This link carried settings that were not used, so their defaults are shown:';
  const list = document.createElement('ul');
  for (const { name, raw, problem } of ignored) {
    const item = document.createElement('li');
    item.textContent = `${name} = “${raw}”: ${problem}`;
    list.append(item);
  }
  note.replaceChildren(title, list);
}
