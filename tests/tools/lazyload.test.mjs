// tools/corpus/lazyload.mjs on a hand-made lazy-load database (.rdx map + .rdb blobs) in a temp folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { inflateBlob, openLazyLoad } from '../../tools/corpus/lazyload.mjs';
import { header, int, intsxp, pairlist, realsxp, stream, strsxp, symbol, vecsxp, vector } from './xdr.mjs';

const named = (items, names) => vecsxp(items, pairlist([[symbol('names'), strsxp(names)]]));
// blob(value, method): length word, [method byte], zlib stream (as R's R_compress1 / R_compress3 write)
function blob(bytes, method) {
  const size = int(bytes.length);
  if (method === undefined) return Buffer.concat([size, deflateSync(bytes)]);
  return Buffer.concat([size, Buffer.from(method), method === '0' ? bytes : deflateSync(bytes)]);
}

// writeDb(values, compressed, method) -> the base path of a database holding { name: serialized
// bytes }; compressed 1 is written as the logical TRUE, as R writes it for zlib.
function writeDb(values, compressed = 1, method) {
  const dir = mkdtempSync(join(tmpdir(), 'lazyload-'));
  const blobs = Object.values(values).map((bytes) => blob(bytes, method));
  const offsets = blobs.map((_, i) => blobs.slice(0, i).reduce((s, b) => s + b.length, 0));
  const variables = named(blobs.map((b, i) => intsxp([offsets[i], b.length])), Object.keys(values));
  const map = named([variables, vecsxp([]), compressed === 1 ? vector(10, 1, int(1)) : intsxp([compressed])],
    ['variables', 'references', 'compressed']);
  writeFileSync(join(dir, 'Rdata.rdx'), gzipSync(stream(header(), map)));
  writeFileSync(join(dir, 'Rdata.rdb'), Buffer.concat(blobs));
  return join(dir, 'Rdata');
}

const emma = stream(header(), strsxp(['EMMA', '', 'By Jane Austen']));
const numbers = stream(header(), realsxp([1.5, 2.5]));

test('openLazyLoad lists the variables and reads each from its zlib blob', () => {
  const db = openLazyLoad(writeDb({ emma, numbers }));
  assert.deepEqual(db.names, ['emma', 'numbers']);
  assert.deepEqual(db.get('emma').value, ['EMMA', '', 'By Jane Austen']);
  assert.deepEqual(Array.from(db.get('numbers').value), [1.5, 2.5]);
  assert.throws(() => db.get('persuasion'), /no variable "persuasion"/);
});

test('compressed = 3 blobs name their method in a fifth byte: 1 zlib, 0 none', () => {
  for (const method of ['1', '0']) {
    assert.deepEqual(openLazyLoad(writeDb({ emma }, 3, method)).get('emma').value[0], 'EMMA');
  }
  assert.throws(() => openLazyLoad(writeDb({ emma }, 3, '2')).get('emma'), /bzip2: only zlib is read/);
  assert.throws(() => openLazyLoad(writeDb({ emma }, 3, 'Z')).get('emma'), /xz: only zlib is read/);
});

test('a blob whose length word disagrees with its contents, or a cut .rdb, throws', () => {
  const wrong = Buffer.concat([int(emma.length + 1), deflateSync(emma)]);
  assert.throws(() => inflateBlob(wrong, 1), /inflates to \d+ bytes, header says \d+/);
  const base = writeDb({ emma });
  writeFileSync(`${base}.rdb`, Buffer.alloc(3));
  assert.throws(() => openLazyLoad(base).get('emma'), /Rdata.rdb is truncated/);
});
