// Builds the static site into dist/ (next to dist/attention-core.js, which
// CMake writes): index.html from site/index.html plus the section partials in
// site/sections/ (in file-name order, with a table of contents made from
// their ids and <h2> titles), app.js bundled from site/src/main.js, and
// styles.css from site/styles/. Output is classic scripts and plain files, so
// dist/ works over http and from file://.
import { build } from 'esbuild';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = join(root, 'site');
const dist = join(root, 'dist');

async function readSorted(dir, ext) {
  const names = (await readdir(dir)).filter((n) => n.endsWith(ext)).sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(join(dir, name), 'utf8') })));
}

function tableOfContents(partials) {
  const items = partials.map(({ name, text }) => {
    const id = text.match(/<section[^>]*\bid="([^"]+)"/)?.[1];
    const title = text.match(/<h2[^>]*>([\s\S]*?)<\/h2>/)?.[1].replace(/<[^>]+>/g, '').trim();
    if (!id || !title) throw new Error(`site/sections/${name}: needs <section id="..."> and an <h2>`);
    return `      <li><a href="#${id}">${title}</a></li>`;
  });
  return `<nav class="toc" aria-label="Contents">\n    <h2>Contents</h2>\n    <ol>\n${items.join('\n')}\n    </ol>\n  </nav>`;
}

export async function buildSite() {
  await mkdir(dist, { recursive: true });
  const partials = await readSorted(join(site, 'sections'), '.html');
  const page = (await readFile(join(site, 'index.html'), 'utf8'))
    .replace('<!-- TOC -->', tableOfContents(partials))
    .replace('<!-- SECTIONS -->', partials.map((p) => p.text.trimEnd()).join('\n\n'));
  await writeFile(join(dist, 'index.html'), page);

  const styles = await readSorted(join(site, 'styles'), '.css');
  await writeFile(join(dist, 'styles.css'), styles.map((s) => s.text).join('\n'));

  await build({
    entryPoints: [join(site, 'src', 'main.js')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    outfile: join(dist, 'app.js'),
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildSite();
}
