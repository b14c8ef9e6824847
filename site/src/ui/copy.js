// A "Copy" button for a piece of text, with a status line beside it. Uses the
// Clipboard API where the page may (not always in a sandboxed frame); else it
// selects the text in `box` (a textarea showing it) and says how to copy it.
export function copyButton(label, getText, box = null) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  const status = document.createElement('span');
  status.className = 'copy-status';
  status.setAttribute('aria-live', 'polite');
  button.addEventListener('click', () => {
    const text = getText();
    const selected = () => {
      if (box) {
        box.hidden = false;
        box.value = text;
        box.select();
      }
      status.textContent = box ? 'Selected: press Ctrl+C (⌘C on a Mac) to copy.' : 'This page may not copy here: select the text and copy it.';
    };
    if (box) box.value = text;
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(text).then(() => { status.textContent = 'Copied.'; }, selected);
    } else {
      selected();
    }
  });
  return { button, status };
}
