// Adds an "Embed" disclosure to a section: the copy-paste snippet (see
// embed-snippet.js) that shows this section alone in a course page, in a
// read-only text box (set with textContent) with a Copy button. The snippet
// carries the section's current settings (ui/url-state.js): it is rebuilt
// whenever the disclosure opens and whenever a control changes while it is open.
// "Show" picks the whole section or one of its figures (a figure-only embed, for a slide).
// A "Colours" choice puts theme=light|dark in the frame's address (the page's own
// choice to start with), so a frame can match a light course page on a dark computer.
// The single file has no embed.html beside it: there the disclosure says the folder is
// needed and the snippet's address is relative, to put after the folder's.
import { embedSnippet, RESIZE_FILE } from './embed-snippet.js';
import { isSingleFile, sectionLink } from './url-state.js';
import { copyButton } from './copy.js';
import { figureName } from './export-data.js';

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

// The frame's colours: the page's current choice (ui/theme.js sets data-theme) to start with.
function themeChoice(id) {
  const wrap = el('div', 'embed-choice');
  const select = document.createElement('select');
  select.id = `embed-theme-${id}`;
  const current = document.documentElement.dataset.theme || '';
  for (const [value, text] of [['', 'Follow the reader’s system'], ['light', 'Light'], ['dark', 'Dark']]) {
    select.append(new Option(text, value, false, value === current));
  }
  const label = el('label', '', 'Colours in the frame ');
  label.htmlFor = select.id;
  wrap.append(label, select);
  return { wrap, select };
}

// What the frame shows: the whole section, or one of its figures (embed.html?...&figure=<name>).
function figureChoice(section) {
  const wrap = el('div', 'embed-choice');
  const select = document.createElement('select');
  select.id = `embed-figure-${section.id}`;
  select.append(new Option('The whole section', ''));
  section.querySelectorAll('figure').forEach((figure, k) => {
    const name = figureName(figure);
    if (name === 'figure') return; // no chart: nothing to show alone
    const trained = figure.closest('[data-view="trained"]') ? ' (trained model)' : '';
    select.append(new Option(`This figure only: ${k + 1}. ${name}${trained}`, name));
  });
  const label = el('label', '', 'Show ');
  label.htmlFor = select.id;
  wrap.append(label, select);
  return { wrap, select };
}

// values(): what a link to the section carries (controls.js linkValues).
export function addEmbedButton(section, values = () => ({})) {
  const title = section.querySelector('h2')?.textContent.trim() || section.id;
  const theme = themeChoice(section.id);
  const only = figureChoice(section);
  const snippet = () => embedSnippet({
    src: sectionLink(section.id, values(), { embed: true, theme: theme.select.value, figure: only.select.value }),
    section: section.id,
    title: `Attention Atlas: ${title}`,
  });

  const details = el('details', 'embed-share');
  details.append(el('summary', '', 'Embed'));
  details.append(el('p', '', 'To show this section alone, with its controls and its current settings, in a course '
    + 'page (Canvas, Moodle, your own site), paste this into the page’s HTML. The script lets the frame grow with '
    + 'its figure; where a platform strips scripts, the frame keeps its height and scrolls.'));
  if (isSingleFile()) {
    details.append(el('p', 'embed-note', 'This is the single-file Atlas: a frame cannot show one section of it. '
      + 'Embeds need the Atlas folder (dist/, with embed.html) on a web server or in your course’s files: put '
      + 'that folder’s address in front of embed.html in the frame’s address below.'));
  } else if (window.location.protocol === 'file:') {
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
  [theme, only].forEach(({ select }) => select.addEventListener('change', refresh));
  section.addEventListener('input', () => { if (details.open) setTimeout(refresh); });
  const { button, status } = copyButton('Copy', () => box.value);
  status.classList.add('embed-status');
  const row = el('div', 'embed-actions');
  row.append(button, status);
  const csp = el('p', '', `Where the course page refuses inline scripts (a Content-Security-Policy), `
    + `replace the <script>…</script> part with <script src="…/${RESIZE_FILE}"></script>: the same script, `
    + 'a file beside embed.html.');
  details.append(only.wrap, theme.wrap, box, row, csp);
  section.append(details);
  return details;
}
