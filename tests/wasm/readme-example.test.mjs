// README's first example, as a reader saves it: the block that loads the core
// with require(), written to a .cjs file and run by Node. It must run to the end
// (no top-level await in a CommonJS file), and tokenize must refuse, not cut,
// a text of more than 64 words, as README and docs/api.md say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('README\'s first example runs saved as a .cjs file', async () => {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).find((code) => code.includes("require('./dist/attention-core.js')"));
  assert.ok(block, 'README has an example that requires dist/attention-core.js');
  assert.doesNotMatch(block, /^const core = await/m, 'no top-level await');
  const dir = await mkdtemp(join(tmpdir(), 'atlas-readme-'));
  try {
    const file = join(dir, 'example.cjs');
    // The reader's file sits beside dist/; this one reaches the same file by its full path, and reports the end.
    await writeFile(file, block.replace("'./dist/attention-core.js'", JSON.stringify(join(root, 'dist', 'attention-core.js')))
      .replace(/^main\(\);$/m, "main().then(() => console.log('example done'));"));
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [file]);
    assert.equal(stderr, '');
    assert.match(stdout, /example done/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('tokenize refuses more than 64 words and keeps every word up to 64', async () => {
  const { default: createAttentionCore } = await import(join(root, 'dist', 'attention-core.js'));
  const core = await createAttentionCore();
  const words = (n) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
  assert.deepEqual(core.tokenize(words(64)), words(64).split(' '));
  assert.throws(() => core.tokenize(words(65)), /65 words; the limit is 64/);
});
