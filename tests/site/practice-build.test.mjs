// site/build-practice.mjs: the Practice script takes every module outside
// site/src/exercises/ from app.js (window.atlasShared, site/src/shared.js), bundles
// no third-party code, defines its global, and the build stops with a message
// naming the module when shared.js does not hand one over.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPractice, handedOver } from '../../site/build-practice.mjs';
import { PRACTICE_SCRIPT } from '../../site/src/exercises/practice-file.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const temp = await mkdtemp(join(tmpdir(), 'atlas-practice-'));
after(() => rm(temp, { recursive: true, force: true }));

test('the Practice script takes each module outside exercises/ from app.js, and defines its global', async () => {
  const out = join(temp, 'dist');
  await buildPractice(root, out);
  const js = await readFile(join(out, PRACTICE_SCRIPT.file), 'utf8');
  const taken = [...new Set([...js.matchAll(/window\.atlasShared\["([^"]+)"\]/g)].map((m) => m[1]))].sort();
  assert.deepEqual(taken, await handedOver(root), 'every module shared.js hands over is used, and nothing else is taken');
  assert.match(js, new RegExp(`^var ${PRACTICE_SCRIPT.global}=`));
  // None of app.js's chart code is bundled again (the heatmap's canvas painter is app.js's).
  assert.ok(!js.includes('getContext('), 'no canvas code of the charts');
});

test('the build stops, naming the module, when shared.js does not hand one over', async () => {
  const copy = join(temp, 'root');
  await cp(join(root, 'site', 'src'), join(copy, 'site', 'src'), { recursive: true });
  const shared = join(copy, 'site', 'src', 'shared.js');
  await writeFile(shared, (await readFile(shared, 'utf8')).replace(/^\s*'charts\/grid\.js': grid,\n/m, ''));
  await assert.rejects(buildPractice(copy, join(temp, 'dist2')),
    /site\/src\/shared\.js does not hand over charts\/grid\.js, which site\/src\/exercises\/\S+ imports/);
});
