// Finds the file references in the repository's text that point nowhere, so a
// renamed or removed file cannot leave a comment or a doc citing it
// (tests/tools/references.test.mjs runs it on the whole tree).
//
//   repoPaths(text)      -> the repo paths named in text: core/..., wasm/..., site/...,
//                           tests/..., bench/..., tools/..., docs/... A path followed by a
//                           placeholder (<id>, *, {a,b}) names a family of files, not a
//                           file, and is left out.
//   markdownLinks(text)  -> [{ target, anchor }] of the [text](target#anchor) links that
//                           are not URLs (a bare #anchor has target '').
//   markdownNames(text)  -> the *.md file names in text (README.md, docs/api.md).
//   headingAnchors(text) -> the anchors of a Markdown file's headings, as GitHub makes them.
//   resolves(root, file, path) -> whether path exists from the repository root or from
//                           file's folder; core/attention, core/lessons and core/model
//                           name the groups of core/include/atlas/ and core/src/.
//   brokenReferences(root, files) -> ["file: reference", ...] for every reference above
//                           that does not resolve, and every link anchor a Markdown file lacks.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const TOP = '(?:core|wasm|site|tests|bench|tools|docs)';
const PATH = new RegExp(`(?<![\\w./-])${TOP}/[\\w./-]*`, 'g');
const LINK = /\]\(([^)\s]+)\)/g;
const MD_NAME = /(?<![\w/.-])((?:[\w-]+\/)*[\w-]+\.md)(?![\w])/g;
const CORE_GROUPS = ['attention', 'lessons', 'model'];

export function repoPaths(text) {
  const paths = [];
  for (const m of text.matchAll(PATH)) {
    if (/[<*{]/.test(text[m.index + m[0].length] ?? '')) continue;
    paths.push(m[0].replace(/[-./_]+$/, ''));
  }
  return paths;
}

export function markdownLinks(text) {
  return [...text.matchAll(LINK)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((link) => {
      const hash = link.indexOf('#');
      return hash < 0 ? { target: link, anchor: null } : { target: link.slice(0, hash), anchor: link.slice(hash + 1) };
    });
}

export function markdownNames(text) {
  return [...text.matchAll(MD_NAME)].map((m) => m[1]);
}

export function headingAnchors(text) {
  const inCode = (line, state) => (line.startsWith('```') ? !state : state);
  let code = false;
  const anchors = [];
  for (const line of text.split('\n')) {
    code = inCode(line, code);
    const h = !code && /^#{1,6}\s+(.*)$/.exec(line);
    if (h) anchors.push(h[1].trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-'));
  }
  return anchors;
}

export function resolves(root, file, path) {
  const group = /^core\/(\w+)$/.exec(path);
  if (group && CORE_GROUPS.includes(group[1])) return existsSync(join(root, 'core/include/atlas', group[1]));
  return existsSync(join(root, path)) || existsSync(join(root, dirname(file), path));
}

export function brokenReferences(root, files) {
  const broken = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const names = new Set([...repoPaths(text), ...markdownNames(text)]);
    for (const path of names) if (!resolves(root, file, path)) broken.push(`${file}: ${path}`);
    if (!file.endsWith('.md')) continue;
    for (const { target, anchor } of markdownLinks(text)) {
      const linked = target === '' ? file : normalize(join(dirname(file), target));
      if (target !== '' && !existsSync(join(root, linked))) {
        broken.push(`${file}: link ${target}`);
      } else if (anchor && linked.endsWith('.md') && !headingAnchors(readFileSync(join(root, linked), 'utf8')).includes(anchor)) {
        broken.push(`${file}: link ${target}#${anchor} (no such heading)`);
      }
    }
  }
  return broken;
}
