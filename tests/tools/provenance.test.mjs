// tools/corpus/debian.mjs (copyright file) and provenance.mjs (licence check, LICENSES.txt note)
// on hand-written DEP-5 files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDcf, readCopyright } from '../../tools/corpus/debian.mjs';
import { checkLicence, provenanceNote } from '../../tools/corpus/provenance.mjs';

const MIT = ` Permission is hereby granted, free of charge, to any person obtaining
 a copy of this software (the "Software"), to use, copy, modify, merge, publish,
 distribute, sublicense, and/or sell copies of the Software, subject to the following:
 .
 The above copyright notice and this permission notice shall be
 included in all copies or substantial portions of the Software.`;

function copyrightFile(text) {
  const path = join(mkdtempSync(join(tmpdir(), 'copyright-')), 'copyright');
  writeFileSync(path, text);
  return path;
}

const dep5 = `Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: novels
Source: https://example.org/novels

Files: *
Copyright: 2016 A. Author
License: MIT

Files: debian/*
Copyright: 2021 A. Packager
License: GPL-2+

License: MIT
${MIT}
`;

test('parseDcf joins continuation lines and turns " ." into an empty line', () => {
  const [p] = parseDcf('Package: x\nAuthors@R: person("A",\n    "B")\nDescription: one\n .\n two\n');
  assert.deepEqual(p, { Package: 'x', 'Authors@R': 'person("A",\n"B")', Description: 'one\n\ntwo' });
});

test('readCopyright reads the "Files: *" paragraph and its licence text from the stand-alone paragraph', () => {
  const c = readCopyright(copyrightFile(dep5));
  assert.equal(c.upstream, 'novels');
  assert.equal(c.source, 'https://example.org/novels');
  assert.equal(c.copyright, '2016 A. Author');
  assert.equal(c.licence, 'MIT');
  assert.match(c.licenceText, /^Permission is hereby granted/);
  assert.match(c.licenceText, /\n\nThe above copyright notice/);
  assert.throws(() => readCopyright(copyrightFile('Files: *\nLicense: MIT\n')), /not a DEP-5 copyright file/);
});

test('checkLicence accepts the MIT text, and refuses another licence or an altered text', () => {
  const c = readCopyright(copyrightFile(dep5));
  assert.match(checkLicence(c).requires, /copyright notice and the permission notice/);
  assert.throws(() => checkLicence({ licence: 'GPL-2+', licenceText: '' }), /"GPL-2\+": not known to allow/);
  const cut = { licence: 'MIT', licenceText: c.licenceText.replace('publish,\ndistribute', 'publish') };
  assert.throws(() => checkLicence(cut), /lacks "copy, modify, merge, publish, distribute"/);
});

test('provenanceNote names the novels, says they are public domain, and carries the licence in full', () => {
  const c = readCopyright(copyrightFile(dep5));
  const source = { package: 'r-cran-novels', version: '1.0-1', upstreamVersion: '1.0', homepage: c.source, ...c };
  const note = provenanceNote({ source, books: [{ name: 'Emma' }, { name: 'Persuasion' }] });
  assert.match(note, /novels Emma, Persuasion\./);
  assert.match(note, /public domain/);
  assert.match(note, /Debian package r-cran-novels 1\.0-1/);
  assert.match(note, /Copyright 2016 A\. Author, under the MIT licence/);
  assert.ok(note.includes(c.licenceText));
});
