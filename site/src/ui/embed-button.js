// Adds an "Embed" disclosure to a section: the copy-paste snippet (see
// embed-snippet.js) that shows this section alone in a course page, in a
// read-only text box (set with textContent) with a Copy button.
import { embedSnippet } from './embed-snippet.js';

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function copyButton(box, snippet) {
  const button = el('button', 'embed-copy', 'Copy');
  button.type = 'button';
  const status = el('span', 'embed-status');
  status.setAttribute('aria-live', 'polite');
  button.addEventListener('click', () => {
    box.select();
    const done = () => { status.textContent = 'Copied.'; };
    const selected = () => { status.textContent = 'Selected: press Ctrl+C (⌘C on a Mac) to copy.'; };
    if (navigator.clipboard?.writeText) navigator.clipboard.writeText(snippet).then(done, selected);
    else selected();
  });
  const row = el('div', 'embed-actions');
  row.append(button, status);
  return row;
}

export function addEmbedButton(section) {
  const title = section.querySelector('h2')?.textContent.trim() || section.id;
  const src = new URL(`embed.html?section=${encodeURIComponent(section.id)}`, window.location.href).href;
  const snippet = embedSnippet({ src, section: section.id, title: `Attention Atlas: ${title}` });

  const details = el('details', 'embed-share');
  details.append(el('summary', '', 'Embed'));
  details.append(el('p', '', 'To show this section alone, with its controls, in a course page (Canvas, '
    + 'Moodle, your own site), paste this into the page’s HTML. The script lets the frame grow with '
    + 'its figure; where a platform strips scripts, the frame keeps its height and scrolls.'));
  if (window.location.protocol === 'file:') {
    details.append(el('p', 'embed-note', 'This copy is opened from a file, so the address below works only '
      + 'on this computer. Put the Atlas folder on a web server (or in your course’s files) and use that address.'));
  }
  const box = el('textarea', 'embed-code');
  box.readOnly = true;
  box.rows = 9;
  box.spellcheck = false;
  box.setAttribute('aria-label', `Embed code for “${title}”`);
  box.textContent = snippet;
  details.append(box, copyButton(box, snippet));
  section.append(details);
  return details;
}
