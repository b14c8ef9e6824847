// Builds dist/attention-atlas.html: the whole article in one file an instructor
// can upload to a course platform or send by email, working from file://.
// Starts from the folder build's index.html and inlines its stylesheets (with
// any url(...) they reference, e.g. fonts, as data: URIs), its scripts (the
// core loader and app.js; the engines, which carry their own wasm, come in as
// inert `scripts` blocks, below) and <img> sources.
// Inline code is made safe for the HTML parser: "</script" and "</style" are
// escaped, and "<!--" in a script (which would change how the parser finds the
// closing tag) stops the build. The folder build's CSP <meta>, if any, is
// dropped: one file necessarily has inline scripts and styles. `data` maps ids
// to JSON text put in <script type="application/json" id="..."> blocks: the
// browser does not run or parse them at load (the trained model's weights
// wait there until a "Trained model" view reads them, trained/load.js).
// `scripts` maps ids to JavaScript put in <script type="text/plain" id="...">
// blocks, inert the same way: the core loader runs the engine it needs from
// there (site/src/core-loader.js), so the engines this browser never uses are
// never parsed as code.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';

const MIME = {
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.otf': 'font/otf',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp',
};
const isLocal = (url) => !/^(?:[a-z][a-z0-9+.-]*:|#|\/\/)/i.test(url);

export async function dataUri(file) {
  const type = MIME[extname(file).toLowerCase()];
  if (!type) throw new Error(`build-single: no MIME type known for ${file}`);
  return `data:${type};base64,${(await readFile(file)).toString('base64')}`;
}

async function replaceAsync(text, pattern, replacer) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index), await replacer(...match));
    last = match.index + match[0].length;
  }
  return parts.join('') + text.slice(last);
}

export function escapeScript(js, name) {
  if (js.includes('<!--')) throw new Error(`build-single: ${name} contains "<!--"; it cannot be inlined safely`);
  return js.replace(/<\/(script)/gi, '<\\/$1');
}

async function inlineCss(dist, href) {
  const file = join(dist, href);
  const css = await replaceAsync(await readFile(file, 'utf8'), /url\(\s*(['"]?)([^'")]+)\1\s*\)/g,
    async (whole, quote, url) => (isLocal(url) ? `url("${await dataUri(join(dirname(file), url))}")` : whole));
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

// page: the folder build's HTML to start from (default: dist/index.html); out: null returns
// the single file's text instead of writing it (the SCORM package takes it, build-scorm.mjs).
export async function buildSingleFile(dist, { out = 'attention-atlas.html', page = null, notice = '', data = {}, scripts: inert = {} } = {}) {
  let html = page ?? await readFile(join(dist, 'index.html'), 'utf8');
  html = html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/i, '');
  html = html.replace(/<html\b/i, '<html data-single-file'); // links and embeds know there is no folder beside it
  html = await replaceAsync(html, /<link rel="stylesheet" href="([^"]+)">/g,
    async (_, href) => `<style>\n${await inlineCss(dist, href)}</style>`);
  const scripts = [];
  html = html.replace(/\s*<script(?: defer)? src="([^"]+)"><\/script>/g, (_, src) => {
    scripts.push(src);
    return '';
  });
  // Inline scripts cannot be deferred: put them at the end of <body>, in the same order.
  const inline = await Promise.all(scripts.map(async (src) => (
    `<script>\n${escapeScript(await readFile(join(dist, src), 'utf8'), src)}\n</script>`)));
  const block = (type) => ([id, text]) => `<script type="${type}" id="${id}">${escapeScript(text, id)}</script>`;
  const blocks = [...Object.entries(data).map(block('application/json')), ...Object.entries(inert).map(block('text/plain'))];
  html = html.replace('</body>', () => `${[...blocks, ...inline].join('\n')}\n</body>`);
  html = await replaceAsync(html, /<img([^>]*?) src="([^"]+)"/g,
    async (whole, attrs, src) => (isLocal(src) ? `<img${attrs} src="${await dataUri(join(dist, src))}"` : whole));
  if (notice) {
    const comment = notice.replace(/--!?>|<!--/g, '- ->');
    html = html.replace(/^(<!doctype html>\n?)/i, (d) => `${d}<!--\n${comment}\n-->\n`);
  }
  if (out === null) return html;
  await writeFile(join(dist, out), html);
  return join(dist, out);
}
