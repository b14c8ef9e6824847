// The copy-paste HTML that embeds one Atlas section in a course page: a
// sandboxed <iframe> plus a few lines of script that set the frame's height
// from the messages embed.html posts ({ type: HEIGHT_MESSAGE, section, height }).
// A frame sandboxed without allow-same-origin has an opaque origin, so its
// messages arrive with event.origin === "null": the script therefore trusts a
// message by its sender window (the contentWindow of one of the page's Atlas
// frames, marked data-attention-atlas), and still only ever uses it to set a
// height within sane bounds. One script serves every Atlas frame of the page
// (two embeds of one section both resize; a second copy of the script does
// nothing), so the same code also ships as a file, dist/atlas-embed-resize.js,
// for course pages whose Content-Security-Policy refuses inline scripts.
// The sandbox allows scripts (the figures), popups (the "From Attention Atlas"
// link and links to other sections open the article in a new tab) and downloads
// (each figure's SVG / PNG / CSV / JSON); nothing else (no same-origin, no
// forms); allow="clipboard-write" lets Copy CSV / JSON / link copy in one click.
export const HEIGHT_MESSAGE = 'attention-atlas:height';
export const RESIZE_FILE = 'atlas-embed-resize.js';

const ATTR_ESCAPES = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const escapeAttr = (text) => String(text).replace(/[&"<>]/g, (c) => ATTR_ESCAPES[c]);

// The resize script's body: inline in the snippet, and dist/RESIZE_FILE.
export const RESIZE_SCRIPT = `// Attention Atlas: let each frame grow and shrink with its figure. A sandboxed
// frame's origin is "null", so find the sender among the Atlas frames, not by event.origin.
(function () {
  if (window.attentionAtlasResize) return;
  window.attentionAtlasResize = true;
  window.addEventListener('message', function (event) {
    var msg = event.data;
    if (!msg || msg.type !== '${HEIGHT_MESSAGE}') return;
    var h = Number(msg.height);
    var frames = document.querySelectorAll('iframe[data-attention-atlas]');
    for (var i = 0; i < frames.length; i += 1) {
      if (frames[i].contentWindow === event.source && h > 0 && h < 20000) frames[i].style.height = Math.ceil(h) + 'px';
    }
  });
})();
`;

const suffix = () => Array.from(crypto.getRandomValues(new Uint8Array(3)), (b) => b.toString(16).padStart(2, '0')).join('');

// src: absolute address of embed.html?section=<id>; section: its id; title: for screen readers;
// id: the frame's id (default atlas-<section>-<random>, unique for each snippet made).
export function embedSnippet({ src, section, title, height = 720, id = '' }) {
  const frameId = id || `atlas-${String(section).replace(/[^\w-]/g, '_')}-${suffix()}`;
  return `<iframe id="${escapeAttr(frameId)}" data-attention-atlas src="${escapeAttr(src)}"
  title="${escapeAttr(title)}" sandbox="allow-scripts allow-popups allow-downloads" allow="clipboard-write"
  loading="lazy" width="100%" height="${height}" style="border:0"></iframe>
<script>
${RESIZE_SCRIPT.trimEnd().replace(/^/gm, '  ')}
</script>`;
}
