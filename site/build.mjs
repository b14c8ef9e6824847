// Builds the static site into dist/ (next to dist/attention-core.js, which
// CMake writes): index.html from site/index.html plus the section partials in
// site/sections/ (in file-name order, with a table of contents made from
// their ids and <h2> titles), embed.html (one section for an <iframe>) from
// site/embed.html and the same partials, app.js bundled from site/src/main.js,
// atlas-core-loader.js (loads the engine this browser needs, first, lean or full, when the page
// asks for it) from site/src/core-loader.js,
// styles.css from site/styles/ (with the maths font inlined), fonts/atlas-math.woff2 (that font, see
// build-font.mjs), LICENSES.txt (third-party notices), the
// example course page from site/examples/, atlas-embed-resize.js (the Embed snippet's script as a file), trainer-worker.js (build-worker.mjs), and attention-atlas.html (the whole
// article in one file, see build-single.mjs) and atlas-model.js (the trained
// model, see build-model.mjs), and attention-atlas-scorm12.zip (the single file as a SCORM 1.2
// package, or one section of it with ATLAS_SCORM_SECTION=<id>; see build-scorm.mjs). Output is classic scripts and
// plain files with no inline code, so dist/ works over http, from file:// and
// under a strict Content-Security-Policy.
import { build } from 'esbuild';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSingleFile, dataUri } from './build-single.mjs';
import { licenseText } from './build-licenses.mjs';
import { writeModelScript } from './build-model.mjs';
import { buildMathFont } from './build-font.mjs';
import { buildTrainerWorker } from './build-worker.mjs';
import { buildPractice } from './build-practice.mjs';
import { scormOptions, writeScormPackage } from './build-scorm.mjs';
import { embedSnippet, RESIZE_FILE, RESIZE_SCRIPT } from './src/ui/embed-snippet.js';
import { scoreSnippet } from './src/exercises/score-snippet.js';
import { MODEL_DATA_ID } from './src/trained/load.js';
import { ENGINES, engineFile } from './src/engine-files.js';
import { PRACTICE_SCRIPT } from './src/exercises/practice-file.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = join(root, 'site');
const dist = join(root, 'dist');

async function readSorted(dir, ext) {
  const names = (await readdir(dir)).filter((n) => n.endsWith(ext)).sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(join(dir, name), 'utf8') })));
}

function sectionInfo({ name, text }) {
  const id = text.match(/<section[^>]*\bid="([^"]+)"/)?.[1];
  const title = text.match(/<h2[^>]*>([\s\S]*?)<\/h2>/)?.[1].replace(/<[^>]+>/g, '').trim();
  if (!id || !title) throw new Error(`site/sections/${name}: needs <section id="..."> and an <h2>`);
  return { id, title };
}

function tableOfContents(partials) {
  const items = partials.map((partial) => {
    const { id, title } = sectionInfo(partial);
    return `      <li><a href="#${id}">${title}</a></li>`;
  });
  return `<nav class="toc" id="contents" aria-label="Contents">\n    <h2>Contents</h2>\n    <ol>\n${items.join('\n')}\n    </ol>\n  </nav>`;
}

// In the article (not the embed page, which has no contents), each section ends
// with a link back to the contents: a learner deep in a long section need not scroll.
function withBackLink(text) {
  const end = text.lastIndexOf('</section>');
  if (end < 0) return text;
  return `${text.slice(0, end)}  <p class="back-to-contents"><a href="#contents">Back to contents</a></p>\n    ${text.slice(end)}`;
}

// The example course pages get, for each <!-- ATLAS-EMBED <id> --> line, the
// very snippet the section's Embed button gives (and for <!-- ATLAS-SCORE --> the
// running-score snippet of README "Assign a section") (an id not in the partials
// still gets a frame: embed.html then shows its "unknown section" message).
async function writeExamples(partials) {
  const titles = new Map(partials.map((p) => sectionInfo(p)).map(({ id, title }) => [id, title]));
  for (const { name, text } of await readSorted(join(site, 'examples'), '.html')) {
    const used = new Map(); // section id -> its frames so far: each frame's id is unique in its page
    const page = text.replace(/^([ \t]*)<!-- ATLAS-EMBED ([\w-]+) -->/gm, (_, indent, id) => {
      used.set(id, (used.get(id) || 0) + 1);
      return embedSnippet({
        src: `../embed.html?section=${id}`, section: id, title: `Attention Atlas: ${titles.get(id) || id}`,
        id: `atlas-${id}${used.get(id) > 1 ? `-${used.get(id)}` : ''}`,
      }).replace(/^/gm, indent);
    }).replace(/^([ \t]*)<!-- ATLAS-SCORE -->/gm, (_, indent) => scoreSnippet().replace(/^/gm, indent));
    await writeFile(join(dist, 'examples', name), page);
  }
}

// The article's page from its template and these partials, with their table of contents.
const articleOf = (template, partials) => template
  .replace('<!-- TOC -->', () => tableOfContents(partials))
  .replace('<!-- SECTIONS -->', () => partials.map((p) => withBackLink(p.text.trimEnd())).join('\n\n'));

// The partials of a one-section SCORM package: that section and "Check yourself".
export function scormPartials(partials, section) {
  if (!section) return partials;
  const chosen = partials.filter((p) => [section, 'check-yourself'].includes(sectionInfo(p).id));
  if (chosen.length < 2) {
    const ids = partials.map((p) => sectionInfo(p).id).join(', ');
    throw new Error(`ATLAS_SCORM_SECTION: no section "${section}"; the sections are ${ids}`);
  }
  return chosen;
}

export async function buildSite() {
  await mkdir(dist, { recursive: true });
  const scorm = scormOptions();
  const partials = await readSorted(join(site, 'sections'), '.html');
  const sectionsHtml = partials.map((p) => p.text.trimEnd()).join('\n\n');
  const template = await readFile(join(site, 'index.html'), 'utf8');
  await writeFile(join(dist, 'index.html'), articleOf(template, partials));
  await writeFile(join(dist, RESIZE_FILE), RESIZE_SCRIPT); // the Embed snippet's script, for pages that refuse inline scripts
  const embed = (await readFile(join(site, 'embed.html'), 'utf8')).replace('<!-- SECTIONS -->', () => sectionsHtml);
  await writeFile(join(dist, 'embed.html'), embed);

  // The maths font goes into styles.css as a data: URI: browsers fetch fonts with CORS, which a
  // sandboxed frame (opaque origin) fails even for a file beside it. dist/fonts keeps the file itself.
  const font = await dataUri(await buildMathFont(dist, partials));
  const styles = await readSorted(join(site, 'styles'), '.css');
  await writeFile(join(dist, 'styles.css'), styles.map((s) => s.text).join('\n').replace(/url\("fonts\/atlas-math\.woff2"\)/g, `url("${font}")`));

  const { metafile } = await build({
    absWorkingDir: root,
    metafile: true,
    entryPoints: [join(site, 'src', 'main.js')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    outfile: join(dist, 'app.js'),
    logLevel: 'warning',
  });
  await buildPractice(root, dist); // loaded by app.js after the first screen
  // The page's core loader (site/src/core-loader.js): the facade plus the engine
  // choice; it fetches one of dist/atlas-engine-{simd,scalar}[-first|-full].js (CMake writes them).
  await build({
    absWorkingDir: root,
    entryPoints: [join(site, 'src', 'core-loader.js')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    outfile: join(dist, 'atlas-core-loader.js'),
    logLevel: 'warning',
  });
  await buildTrainerWorker(root, dist);
  const model = await writeModelScript(root, dist);
  const notice = `${await licenseText(root, metafile)}\n----\n\n${model.note}`;
  await writeFile(join(dist, 'LICENSES.txt'), notice);
  await cp(join(site, 'examples'), join(dist, 'examples'), { recursive: true });
  await writeExamples(partials);
  // The single file cannot fetch a second file, and it must work in a browser
  // without WASM SIMD too: it carries four engines (lean and full, SIMD and
  // scalar) as inert blocks, and its core loader runs only the one it needs,
  // when it needs it (site/src/core-loader.js). Not the first engines: a file
  // that arrives whole gains nothing from a smaller engine for its first screen.
  // The Practice script comes the same way (site/src/exercises/lazy.js).
  const inert = { [PRACTICE_SCRIPT.id]: await readFile(join(dist, PRACTICE_SCRIPT.file), 'utf8') };
  for (const engine of ENGINES) {
    for (const size of ['lean', 'full']) {
      const { file, id } = engineFile(engine, size);
      inert[id] = await readFile(join(dist, file), 'utf8');
    }
  }
  const single = { notice, data: { [MODEL_DATA_ID]: model.json }, scripts: inert };
  await buildSingleFile(dist, single);
  const scormPage = scormPartials(partials, scorm.section);
  await writeScormPackage(dist, {
    sco: await buildSingleFile(dist, { ...single, out: null, page: articleOf(template, scormPage) }),
    title: scorm.section ? `Attention Atlas: ${sectionInfo(scormPage[0]).title}` : 'Attention Atlas: how Transformer attention works',
    mastery: scorm.mastery,
    section: scorm.section,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildSite();
}
