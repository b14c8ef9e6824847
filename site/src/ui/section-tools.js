// A section's own tools, after its controls (or its view switch): "Reset" (every control back to its
// default, ui/controls.js) and "Copy link" (an address that opens this section
// with its current settings and the colours the reader chose: this page itself
// (the article or the single file), or embed.html in an embed, keeping a
// figure-only embed's figure). Sections without controls get none.
import { sectionLink } from './url-state.js';
import { linkValues } from './controls.js';
import { copyButton } from './copy.js';

export function addSectionTools(section, controls, { embed = false } = {}) {
  // After the view switch where there is one: the tools serve both views.
  const anchor = section.querySelector('[data-view-switch]') || section.querySelector('.controls');
  if (!controls || !anchor) return null;
  const bar = document.createElement('div');
  bar.className = 'section-tools';
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.textContent = 'Reset';
  reset.setAttribute('aria-label', `Reset every control of “${section.querySelector('h2')?.textContent.trim()}” to its default`);
  reset.addEventListener('click', () => controls.reset());
  const figure = new URLSearchParams(window.location.search).get('figure') || '';
  // The page's colours when the reader chose them (ui/theme.js): the link opens in the same ones.
  const link = () => sectionLink(section.id, linkValues(section), {
    embed, figure: embed ? figure : '', theme: document.documentElement.dataset.theme || '',
  });
  const box = document.createElement('textarea');
  box.className = 'embed-code';
  box.readOnly = true;
  box.hidden = true; // shown, selected, only where the page may not write to the clipboard
  box.rows = 2;
  box.setAttribute('aria-label', 'Link to this section with its settings');
  const { button, status } = copyButton('Copy link', link, box);
  button.title = 'An address that opens this section with these settings';
  bar.append(reset, button, status, box);
  anchor.after(bar);
  return bar;
}
