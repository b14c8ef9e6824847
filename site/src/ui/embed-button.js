// Adds an "Embed" disclosure to a section: the copy-paste snippet (see
// embed-snippet.js) that shows this section alone in a course page, in a
// read-only text box (set with textContent) with a Copy button. The snippet
// carries the section's current settings (ui/url-state.js): it is rebuilt
// whenever the disclosure opens and whenever a control changes while it is open.
import { embedSnippet } from './embed-snippet.js';
import { sectionLink } from './url-state.js';
import { copyButton } from './copy.js';

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

// values(): what a link to the section carries (controls.js linkValues).
export function addEmbedButton(section, values = () => ({})) {
  const title = section.querySelector('h2')?.textContent.trim() || section.id;
  const snippet = () => embedSnippet({
    src: sectionLink(section.id, values(), { embed: true }), section: section.id, title: `Attention Atlas: ${title}`,
  });

  const details = el('details', 'embed-share');
  details.append(el('summary', '', 'Embed'));
  details.append(el('p', '', 'To show this section alone, with its controls and its current settings, in a course '
    + 'page (Canvas, Moodle, your own site), paste this into the page’s HTML. The script lets the frame grow with '
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
  const refresh = () => { box.value = snippet(); };
  refresh();
  details.addEventListener('toggle', () => { if (details.open) refresh(); });
  section.addEventListener('input', () => { if (details.open) setTimeout(refresh); });
  const { button, status } = copyButton('Copy', () => box.value);
  status.classList.add('embed-status');
  const row = el('div', 'embed-actions');
  row.append(button, status);
  details.append(box, row);
  section.append(details);
  return details;
}
