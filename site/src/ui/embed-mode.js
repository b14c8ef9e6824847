// Embed mode (embed.html?section=<id>): the page carries every section inert in
// a <template>; this moves the chosen one into <main>, shows a clear message
// for an unknown id, and tells the parent window the page's height whenever it
// changes so an <iframe> can fit its content. Needs no storage and no access to
// the parent, so it works in <iframe sandbox="allow-scripts"> (opaque origin).
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

// -> the mounted <section>, or null when the id is unknown (the message is shown instead).
export function mountEmbed(template) {
  const id = new URLSearchParams(window.location.search).get('section') || '';
  const all = Array.from(template.content.querySelectorAll('section[id]'));
  const chosen = all.find((s) => s.id === id) || null;
  const main = document.querySelector('main');
  const credit = document.querySelector('.embed-credit a');
  if (chosen) {
    retargetArticleLinks(chosen);
    main.append(chosen);
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
