// tools/references.mjs: the scanner on hand-written text, then on the whole tree:
// every repo path and *.md file named in a source file, test, comment or doc
// exists, and every Markdown link reaches a file and a heading that exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brokenReferences, headingAnchors, markdownLinks, markdownNames, repoPaths } from '../../tools/references.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('repoPaths finds paths under the top folders, without trailing punctuation, and skips placeholders', () => {
  const text = 'see wasm/js/engines.js, core/model. and (tests/wasm/api.test.mjs); not xwasm/a.js '
    + 'nor site/sections/NN-<id>.html nor wasm/api_<area>.cpp nor site/src/charts/heatmap*.js';
  assert.deepEqual(repoPaths(text), ['wasm/js/engines.js', 'core/model', 'tests/wasm/api.test.mjs']);
});

test('markdownLinks keeps relative links with their anchors and drops URLs', () => {
  const text = '[a](docs/api.md#head-scores) [b](https://example.org/x) [c](#tests) [d](design.md)';
  assert.deepEqual(markdownLinks(text), [
    { target: 'docs/api.md', anchor: 'head-scores' }, { target: '', anchor: 'tests' }, { target: 'design.md', anchor: null },
  ]);
});

test('markdownNames finds bare and pathed .md names but not *.md', () => {
  assert.deepEqual(markdownNames('cite design.md and docs/api.md, not *.md'), ['design.md', 'docs/api.md']);
});

test('headingAnchors makes GitHub anchors and ignores # lines inside code blocks', () => {
  const text = '# Title\n## Engines and how one is chosen\n```sh\n# not a heading\n```\n### The trained model: `make model`\n';
  assert.deepEqual(headingAnchors(text), ['title', 'engines-and-how-one-is-chosen', 'the-trained-model-make-model']);
});

test('brokenReferences reports a missing file, a missing .md, a dead link and a missing heading', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atlas-refs-'));
  mkdirSync(join(dir, 'docs'));
  mkdirSync(join(dir, 'core/include/atlas/model'), { recursive: true });
  writeFileSync(join(dir, 'docs/api.md'), '# API\n## Head scores\n');
  writeFileSync(join(dir, 'a.js'), '// the contract: design.md; docs/api.md; core/model; wasm/gone.js\n');
  const dead = `docs/${'gone'}.${'md'}`; // built from parts, so this file itself names no missing document
  writeFileSync(join(dir, 'README.md'), `[ok](docs/api.md#head-scores) [no](docs/api.md#heads) [dead](${dead})\n`);
  assert.deepEqual(brokenReferences(dir, ['a.js', 'README.md']), [
    'a.js: wasm/gone.js', 'a.js: design.md',
    `README.md: ${dead}`, 'README.md: link docs/api.md#heads (no such heading)', `README.md: link ${dead}`,
  ]);
});

test('every file reference in the repository resolves inside it', () => {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  const files = listed.split('\n').filter((f) => f
    && !f.startsWith('tests/fuzz/corpus/') && !f.startsWith('site/model/') && !f.endsWith('package-lock.json')
    && f !== 'tests/tools/references.test.mjs' // its examples above are broken on purpose
    && !readFileSync(join(root, f)).includes(0));
  assert.ok(files.length > 100, `git listed ${files.length} files`);
  assert.deepEqual(brokenReferences(root, files), []);
});
