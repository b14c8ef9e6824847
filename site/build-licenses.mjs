// Writes the third-party notices the built site must carry: the licences of the
// npm packages esbuild actually bundled into app.js (read from its metafile,
// only those with bytes in the output, grouped by identical licence text, e.g. the d3 modules' ISC notice), then the
// libraries compiled into the core (attention-core.js and the page's atlas-engine-*.js), then the maths font. -> the text of LICENSES.txt.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const CORE_NOTICE = `attention-core.js and atlas-engine-*.js (our C++ core compiled to WebAssembly) also contain:
  Eigen 3.4 (header-only linear algebra, used unmodified), MPL-2.0.
    Source: https://gitlab.com/libeigen/eigen  Licence: https://www.mozilla.org/MPL/2.0/
  The Emscripten runtime and system libraries (emmalloc, musl libc, libc++/libc++abi),
    MIT / University of Illinois NCSA, musl MIT, libc++ Apache-2.0 WITH LLVM-exception.
    https://github.com/emscripten-core/emscripten/blob/main/LICENSE
`;

const FONT_NOTICE = `fonts/atlas-math.woff2 (inlined in the single file) is a subset (file and CSS family renamed) of
  TeX Gyre Pagella Math 1.632, Copyright 2012-2014 B. Jackowski, P. Strzelczyk and P. Pianowski,
  GUST Font License (the LaTeX Project Public License 1.3c or later), from Debian's fonts-texgyre-math.
    http://www.gust.org.pl/projects/e-foundry/tex-gyre/  Licence: http://www.gust.org.pl/fonts/licenses/GUST-FONT-LICENSE.txt
`;

async function packageNotice(root, name) {
  const dir = join(root, 'node_modules', name);
  const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  const file = (await readdir(dir)).find((f) => /^licen[cs]e/i.test(f));
  const text = file ? (await readFile(join(dir, file), 'utf8')).trim() : `Licence: ${pkg.license}`;
  return { label: `${name} ${pkg.version} (${pkg.license})`, text };
}

// metafile: esbuild's, built with absWorkingDir = root.
export async function licenseText(root, metafile) {
  const names = new Set();
  const used = Object.values(metafile.outputs).flatMap((out) => Object.entries(out.inputs));
  for (const [input, { bytesInOutput }] of used) {
    if (!bytesInOutput) continue; // parsed but tree-shaken away: not shipped
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
    if (match) names.add(match[1]);
  }
  const byText = new Map();
  for (const name of [...names].sort()) {
    const { label, text } = await packageNotice(root, name);
    byText.set(text, [...(byText.get(text) || []), label]);
  }
  const groups = [...byText].map(([text, labels]) => `${labels.join('\n')}\n\n${text}\n`);
  return `Attention Atlas bundles third-party code. Its notices follow.\n\n`
    + `app.js contains parts of these npm packages:\n\n${groups.join('\n----\n\n')}\n----\n\n${CORE_NOTICE}\n----\n\n${FONT_NOTICE}`;
}
