// Sizes half of `make bench`: bytes of files in dist/, raw and gzip -9 (what a
// server that compresses would send), and what the folder build's page loads
// at each stage (docs/performance.md, "What loads when"; tests/browser/lazy-engine.test.mjs
// checks the page really does so).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

export function fileSize(dist, name) {
  const raw = readFileSync(join(dist, name));
  return { name, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
}

export function distSizes(dist) {
  return readdirSync(dist).sort().filter((name) => statSync(join(dist, name)).isFile()).map((name) => fileSize(dist, name));
}

// For a browser with WASM SIMD (without it: the -scalar files instead). The page
// itself (index.html, styles.css) comes first in every stage list of the bench.
export const LOAD_STAGES = [
  { when: 'first paint (the top of the article)', files: ['atlas-core-loader.js', 'app.js', 'atlas-engine-simd-first.js'] },
  { when: 'first paint without WASM SIMD', files: ['atlas-core-loader.js', 'app.js', 'atlas-engine-scalar-first.js'] },
  { when: 'once section 1 has started (the lean engine, the Practice parts)', files: ['atlas-engine-simd.js', 'atlas-practice.js'] },
  { when: 'first paint of a link into the article, or an embed', files: ['atlas-core-loader.js', 'app.js', 'atlas-engine-simd.js'] },
  { when: 'first "Trained model" view', files: ['atlas-engine-simd-full.js', 'atlas-model.js'] },
  { when: 'section 13 over http (in its worker)', files: ['trainer-worker.js', 'atlas-engine-simd-full.js'] },
  { when: 'section 13 from file:// or an embed (on the page)', files: ['atlas-engine-simd-full.js'] },
];

// -> [{ when, files: [{ name, raw, gzip }] }]; a stage whose files an older dist/ lacks is left out.
export function stageSizes(dist) {
  return LOAD_STAGES.filter(({ files }) => files.every((name) => existsSync(join(dist, name))))
    .map(({ when, files }) => ({ when, files: files.map((name) => fileSize(dist, name)) }));
}
