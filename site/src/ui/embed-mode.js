// Embed mode (embed.html?section=<id>): the page carries every section inert in
// a <template>; this moves the chosen one into <main>, shows a clear message
// for an unknown id, and tells the parent window the page's height whenever it
// changes so an <iframe> can fit its content. Needs no storage and no access to
// the parent, so it works in <iframe sandbox="allow-scripts"> (opaque origin).
// Figure-only mode (embed.html?section=<id>&figure=<name>, name = the figure's
// first data-chart) shows that one figure with its caption and tools: the rest
// of the section stays in the page, hidden, so its controls (and the settings
// a link carries) still drive the figure. With &slide=1 it is a slide: the figure
// alone (its provenance label kept), large type, centred in a 16:9 frame; &controls=1 keeps its controls.
import { mountLiveParts } from './live-parts.js';
import { HEIGHT_MESSAGE } from './embed-snippet.js';

// Posts { type, section, height } to the parent on every size change. The
// target origin is '*' because the embedding page may be any site and the
// message (a height in px) is not secret; receivers check event.source.
function reportHeight(section) {
  if (window.parent === window) return;
  const post = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    window.parent.postMessage({ type: HEIGHT_MESSAGE, section, height }, '*');
  };
  new ResizeObserver(post).observe(document.body);
}

function missingMessage(id, known) {
  const box = document.createElement('div');
  box.className = 'embed-missing';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h2');
  title.textContent = id ? 'Section not found' : 'No section chosen';
  const text = document.createElement('p');
  text.textContent = id
    ? `Attention Atlas has no section “${id}”. `
    : 'This address does not say which section of Attention Atlas to show (embed.html?section=…). ';
  text.append('Sections you can embed: ');
  known.forEach((name, i) => {
    const code = document.createElement('code');
    code.textContent = name;
    text.append(code, i < known.length - 1 ? ', ' : '.');
  });
  box.append(title, text);
  return box;
}

// Links to other parts of the article (href="#id") would point nowhere inside a
// one-section page: send them to the full article in a new tab instead.
function retargetArticleLinks(section) {
  section.querySelectorAll('a[href^="#"]').forEach((a) => {
    a.href = `index.html${a.getAttribute('href')}`;
    a.target = '_blank';
    a.rel = 'noopener';
  });
}

// Hides everything in the section but its <h2> and the figure with data-chart=name.
// -> false when the section has no such figure (a message lists the ones it has).
// keepControls: the section's controls stay too (a live slide, &controls=1).
function showOnlyFigure(section, name, keepControls = false) {
  const figures = Array.from(section.querySelectorAll('figure'));
  const chosen = figures.find((f) => f.querySelector('[data-chart]')?.dataset.chart === name);
  if (!chosen) {
    const note = document.createElement('p');
    note.className = 'status';
    note.dataset.state = 'error';
    note.setAttribute('role', 'alert');
    const names = figures.map((f) => f.querySelector('[data-chart]')?.dataset.chart).filter(Boolean);
    note.textContent = `This section has no figure “${name}”; it has: ${names.join(', ')}. Showing the whole section.`;
    section.querySelector('h2')?.after(note);
    return false;
  }
  for (let node = chosen; node !== section; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      // The attribute, not .hidden: a block formula is a MathML element, which has no .hidden property.
      const kept = sibling === node || sibling.tagName === 'H2' || (keepControls && sibling.matches('.controls'));
      if (!kept) sibling.setAttribute('hidden', '');
    }
  }
  chosen.dataset.onlyFigure = ''; // a trained view's figure opens that view (trained/mount.js addViewControl)
  section.classList.add('figure-only');
  return true;
}

// -> the mounted <section>, or null when the id is unknown (the message is shown instead).
export function mountEmbed(template) {
  const params = new URLSearchParams(window.location.search);
  const id = params.get('section') || '';
  const all = Array.from(template.content.querySelectorAll('section[id]'));
  const chosen = all.find((s) => s.id === id) || null;
  const main = document.querySelector('main');
  const credit = document.querySelector('.embed-credit a');
  if (chosen) {
    mountLiveParts(chosen); // its controls, before a figure-only embed hides what is not the figure
    retargetArticleLinks(chosen);
    main.append(chosen);
    const slide = params.get('slide') === '1';
    // Slide mode: the figure alone in large type, its controls only with &controls=1 (live demos).
    if (params.get('figure') && showOnlyFigure(chosen, params.get('figure'), slide && params.get('controls') === '1') && slide) {
      document.documentElement.classList.add('slide');
    }
    document.title = `${chosen.querySelector('h2')?.textContent.trim() || id} · Attention Atlas`;
    if (credit) credit.hash = id;
  } else {
    main.append(missingMessage(id, all.map((s) => s.id)));
    document.getElementById('core-status')?.remove();
  }
  template.remove();
  reportHeight(id);
  return chosen;
}
