// What the built pages could load, read from the files themselves (the
// Chromium tests check what they do load): no script, style, image, frame, font,
// import or link may point off the folder, and the article holds no external
// address at all (its references give arXiv ids and addresses as plain text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST } from './harness.mjs';

const LOADING = [
  /<(script|img|iframe|source|audio|video|embed)\b[^>]*\bsrc\s*=\s*["']?(https?:)?\/\//gi,
  /<link\b[^>]*\bhref\s*=\s*["']?(https?:)?\/\//gi,
  /url\(\s*["']?(https?:)?\/\//gi,
  /@import\s+["']?(url\()?\s*["']?(https?:)?\/\//gi,
];

for (const file of ['index.html', 'embed.html', 'attention-atlas.html', 'styles.css']) {
  test(`${file} points no loading element at the internet; external links are <a href> only`, () => {
    const text = readFileSync(join(DIST, file), 'utf8');
    for (const pattern of LOADING) assert.deepEqual(text.match(pattern) || [], [], String(pattern));
  });
}

test('index.html holds no external address: the references name their sources as text', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  assert.deepEqual(html.match(/https?:\/\/[^\s"'<>)]+/g) || [], []);
  assert.ok((html.match(/class="source">arXiv:\d{4}\.\d{4,5}</g) || []).length > 10, 'the references give their arXiv ids');
});
