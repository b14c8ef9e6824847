// Sizes half of `make bench`: bytes of files in dist/, raw and gzip -9 (what a
// server that compresses would send).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

export function fileSize(dist, name) {
  const raw = readFileSync(join(dist, name));
  return { name, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
}

export function distSizes(dist) {
  return readdirSync(dist).sort().filter((name) => statSync(join(dist, name)).isFile()).map((name) => fileSize(dist, name));
}
