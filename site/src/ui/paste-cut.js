// A paste longer than a text field's maxlength is cut by the browser without a
// word. watchPasteCuts(root) says so beside the field: on a paste that will not
// fit, the input that follows shows "Pasted text was cut to ..." under the field
// (a note, not an error: the kept text is used); the field's next input hides it.
const number = new Intl.NumberFormat('en-US');

function noteFor(field) {
  const box = field.closest('.control') || field.parentElement;
  let note = box.querySelector('.control-note');
  if (!note) {
    note = document.createElement('p');
    note.className = 'control-note';
    note.setAttribute('aria-live', 'polite');
    note.hidden = true;
    box.append(note);
  }
  return note;
}

export function watchPasteCuts(root) {
  const pending = new WeakMap(); // field -> the note its next input shows
  root.addEventListener('paste', (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !(field.maxLength > 0)) return;
    const pasted = event.clipboardData?.getData('text') ?? '';
    const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
    const room = field.maxLength - (field.value.length - selected);
    if (pasted.length <= room) return;
    const words = pasted.trim().split(/\s+/).length;
    pending.set(field, `Pasted text was cut: this field holds ${number.format(field.maxLength)} characters, `
      + `so only the first ${number.format(Math.max(0, room))} of the ${number.format(pasted.length)} pasted `
      + `(${number.format(words)} words) were kept.`);
  });
  root.addEventListener('input', (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !(field.maxLength > 0)) return;
    const message = pending.get(field);
    pending.delete(field);
    const note = message || field.closest('.control')?.querySelector('.control-note') ? noteFor(field) : null;
    if (!note) return;
    note.textContent = message || '';
    note.hidden = !message;
  }, true);
}
