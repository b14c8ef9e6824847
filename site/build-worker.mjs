// Builds dist/trainer-worker.js, the Web Worker file of section 13's trainer
// (site/src/worker/entry.js): a classic script with the facade inside that
// importScripts the full engine of the page's kind from the same folder. The
// single file does not need it: there the trainer starts a worker from the full
// engine's own text (site/src/worker/start.js).
import { build } from 'esbuild';
import { join } from 'node:path';

export async function buildTrainerWorker(root, dist) {
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'site', 'src', 'worker', 'entry.js')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    outfile: join(dist, 'trainer-worker.js'),
    logLevel: 'warning',
  });
}
