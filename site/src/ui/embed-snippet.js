// The copy-paste HTML that embeds one Atlas section in a course page: a
// sandboxed <iframe> plus a few lines of script that set the frame's height
// from the messages embed.html posts ({ type: HEIGHT_MESSAGE, section, height }).
// A frame sandboxed without allow-same-origin has an opaque origin, so its
// messages arrive with event.origin === "null": the script therefore trusts a
// message by its sender window (event.source === frame.contentWindow), and
// still only ever uses it to set a height within sane bounds. The sandbox
// allows scripts (the figures), popups (the "From Attention Atlas" link and
// links to other sections open the article in a new tab) and downloads (each
// figure's SVG / PNG / CSV / JSON); nothing else (no same-origin, no forms).
export const HEIGHT_MESSAGE = 'attention-atlas:height';

const ATTR_ESCAPES = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const escapeAttr = (text) => String(text).replace(/[&"<>]/g, (c) => ATTR_ESCAPES[c]);

// src: absolute address of embed.html?section=<id>; section: its id; title: for screen readers.
export function embedSnippet({ src, section, title, height = 720 }) {
  const frameId = `atlas-${String(section).replace(/[^\w-]/g, '_')}`;
  return `<iframe id="${frameId}" src="${escapeAttr(src)}"
  title="${escapeAttr(title)}" sandbox="allow-scripts allow-popups allow-downloads" loading="lazy"
  width="100%" height="${height}" style="border:0"></iframe>
<script>
  // Attention Atlas: let the frame grow and shrink with its figure. A sandboxed
  // frame's origin is "null", so check the sender window, not event.origin.
  (function () {
    var frame = document.getElementById('${frameId}');
    window.addEventListener('message', function (event) {
      var msg = event.data;
      if (event.source !== frame.contentWindow || !msg || msg.type !== '${HEIGHT_MESSAGE}') return;
      var h = Number(msg.height);
      if (h > 0 && h < 20000) frame.style.height = Math.ceil(h) + 'px';
    });
  })();
</script>`;
}
