// Builds dist/atlas-practice.js, the Practice parts (site/src/exercises/bundle.js)
// as a classic script defining the global atlasPractice, which app.js loads once
// the first screen is drawn (site/src/exercises/lazy.js). An import from
// site/src/exercises/ of a module outside it is not bundled again: it becomes
// that module as app.js handed it over, window.atlasShared['<path under site/src/>']
// (site/src/shared.js), so the page has one copy of each and of its state. The
// build stops if shared.js does not hand over a module the Practice script imports.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { PRACTICE_SCRIPT } from './src/exercises/practice-file.js';

// The modules site/src/shared.js hands over, by their paths under site/src/ (its `'path': name,` lines).
export async function handedOver(root) {
  const text = await readFile(join(root, 'site', 'src', 'shared.js'), 'utf8');
  return [...text.matchAll(/^\s*'([^']+\.js)': \w+,$/gm)].map((m) => m[1]).sort();
}

export async function buildPractice(root, dist) {
  const src = join(root, 'site', 'src');
  const exercises = join(src, 'exercises');
  const shared = new Set(await handedOver(root));
  const fromApp = {
    name: 'from-app',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, ({ path, importer }) => {
        if (!importer.startsWith(exercises + sep)) return null;
        const target = resolve(dirname(importer), path);
        if (target.startsWith(exercises + sep)) return null;
        const key = relative(src, target).split(sep).join('/');
        if (!shared.has(key)) {
          return { errors: [{ text: `site/src/shared.js does not hand over ${key}, which ${relative(root, importer)} imports` }] };
        }
        return { path: key, namespace: 'from-app' };
      });
      b.onLoad({ filter: /.*/, namespace: 'from-app' }, ({ path }) => ({
        contents: `module.exports = window.atlasShared[${JSON.stringify(path)}];`,
        loader: 'js',
      }));
    },
  };
  const { metafile } = await build({
    absWorkingDir: root,
    metafile: true,
    entryPoints: [join(exercises, 'bundle.js')],
    bundle: true,
    format: 'iife',
    globalName: PRACTICE_SCRIPT.global,
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    outfile: join(dist, PRACTICE_SCRIPT.file),
    plugins: [fromApp],
    logLevel: 'warning',
  });
  // LICENSES.txt lists the third-party code of app.js; the Practice script must bring none of its own.
  const thirdParty = Object.keys(metafile.inputs).filter((path) => path.includes('node_modules'));
  if (thirdParty.length) throw new Error(`build-practice: ${thirdParty[0]} is bundled into ${PRACTICE_SCRIPT.file}; take it from app.js (site/src/shared.js)`);
}
