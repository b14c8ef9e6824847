// What the built pages could load, read from the files themselves (the
// Chromium tests check what they do load). External addresses may appear only
// as <a href> citations, which the browser follows when clicked, never at load
// time; no script, style, image, frame, font or import may point off the folder.
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

test('every external address in index.html is a citation link', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const all = html.match(/https?:\/\/[^\s"'<>)]+/g) || [];
  const linked = (html.match(/<a\b[^>]*href="https?:\/\/[^"]+"/g) || []).map((a) => a.match(/href="([^"]+)"/)[1]);
  assert.ok(linked.length > 10, 'the references are linked');
  assert.deepEqual(all.filter((url) => !linked.includes(url) && !html.includes(`>${url}</a>`)), []);
});
