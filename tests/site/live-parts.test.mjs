// The partials keep every form control of a started section (one with a module in
// site/src/sections/) inside <template data-live> (site/src/ui/live-parts.js: Chrome lays out
// each content-visibility section that holds a form control when it finishes parsing). The
// first section is the exception: it is on the first screen, and its controls stay in the
// HTML so the first view does not move when they would arrive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../site/', import.meta.url).pathname;
const partials = readdirSync(join(root, 'sections')).filter((f) => f.endsWith('.html')).sort();
const CONTROL = /<(input|select|textarea|button)\b[^>]*>/g;
const LIVE = /<template data-live>([\s\S]*?)<\/template>/g;

const started = partials.filter((f) => {
  const id = /<section id="([^"]+)"/.exec(readFileSync(join(root, 'sections', f), 'utf8'))?.[1];
  return id && existsSync(join(root, 'src', 'sections', `${id}.js`));
});

test('every started section but the first holds its form controls in <template data-live>', () => {
  assert.ok(started.length >= 18, `the started sections were found (${started.length})`);
  for (const file of started.slice(1)) {
    const html = readFileSync(join(root, 'sections', file), 'utf8');
    const outside = html.replace(LIVE, '').match(CONTROL) || [];
    assert.deepEqual(outside, [], `${file}: form controls outside <template data-live>`);
    for (const [, body] of html.matchAll(LIVE)) {
      assert.ok(!body.includes('<template'), `${file}: a live template inside another is never put in place`);
    }
  }
});

test('the first section keeps its controls in the HTML', () => {
  const html = readFileSync(join(root, 'sections', started[0]), 'utf8');
  assert.match(started[0], /^01-/);
  assert.ok(!html.includes('<template data-live>'));
  assert.ok((html.match(CONTROL) || []).length > 0);
});
