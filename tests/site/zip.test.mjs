// site/build-zip.mjs, the zip writer of the SCORM package, read back by an
// independent reader: Python's zipfile module (CRCs checked by testzip, every
// entry's bytes compared), and the CRC-32 against its published check value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { crc32, zip } from '../../site/build-zip.mjs';

test('CRC-32 of "123456789" is the check value 0xCBF43926 (ISO 3309)', () => {
  assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  assert.equal(crc32(Buffer.alloc(0)), 0);
});

test('Python zipfile reads every entry back byte for byte: deflated, stored, empty, UTF-8 names', async () => {
  const entries = [
    { name: 'imsmanifest.xml', data: '<manifest>'.repeat(500) },           // compresses: deflated
    { name: 'noise.bin', data: randomBytes(4096) },                         // does not: stored
    { name: 'empty.txt', data: '' },
    { name: 'dossier/été.html', data: '<p>é ü 漢字</p>\n'.repeat(20) },
  ];
  const dir = await mkdtemp(join(tmpdir(), 'atlas-zip-'));
  try {
    const file = join(dir, 'test.zip');
    await writeFile(file, zip(entries));
    const out = execFileSync('python3', ['-c', `import sys, json, zipfile, base64
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
print(json.dumps([[i.filename, i.compress_type, base64.b64encode(z.read(i)).decode()] for i in z.infolist()]))`, file], { encoding: 'utf8' });
    const read = JSON.parse(out);
    assert.deepEqual(read.map(([name]) => name), entries.map((e) => e.name));
    read.forEach(([, , data], k) => assert.ok(Buffer.from(data, 'base64').equals(Buffer.from(entries[k].data))));
    assert.deepEqual(read.map(([, method]) => method), [8, 0, 0, 8], 'deflate where it helps, store elsewhere');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the same files give the same archive', () => {
  const entries = [{ name: 'a.txt', data: 'same' }];
  assert.ok(zip(entries).equals(zip(entries)));
});
