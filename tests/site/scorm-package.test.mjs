// site/build-scorm.mjs and the one-section option of site/build.mjs: the
// manifest is well-formed XML (read by Python's xml.dom.minidom) naming SCORM
// 1.2, its one SCO and the mastery score; ATLAS_SCORM_MASTERY and
// ATLAS_SCORM_SECTION are checked, with messages naming the variable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { manifest, scormOptions, SCO_FILE } from '../../site/build-scorm.mjs';
import { scormPartials } from '../../site/build.mjs';

const read = (xml) => JSON.parse(execFileSync('python3', ['-c', `import sys, json, xml.dom.minidom
d = xml.dom.minidom.parseString(sys.stdin.read())
text = lambda tag: [n.firstChild.data for n in d.getElementsByTagName(tag)]
res = d.getElementsByTagName('resource')[0]
print(json.dumps({ 'version': text('schemaversion'), 'mastery': text('adlcp:masteryscore'), 'titles': text('title'),
  'type': res.getAttribute('adlcp:scormtype'), 'href': res.getAttribute('href'),
  'files': [f.getAttribute('href') for f in d.getElementsByTagName('file')] }))`], { input: xml, encoding: 'utf8' }));

test('the manifest names SCORM 1.2, one SCO (the page) and the mastery score, with its title escaped', () => {
  const m = read(manifest({ title: 'Attention Atlas: 6. Causal <masked> & more', mastery: 70, identifier: 'attention-atlas-causal' }));
  assert.deepEqual(m, {
    version: ['1.2'], mastery: ['70'], titles: ['Attention Atlas: 6. Causal <masked> & more', 'Attention Atlas: 6. Causal <masked> & more'],
    type: 'sco', href: SCO_FILE, files: [SCO_FILE],
  });
});

test('the options: mastery 80 by default, a whole number 0..100 or a message naming the variable', () => {
  assert.deepEqual(scormOptions({}), { section: '', mastery: 80 });
  assert.deepEqual(scormOptions({ ATLAS_SCORM_MASTERY: '0', ATLAS_SCORM_SECTION: 'causal' }), { section: 'causal', mastery: 0 });
  for (const bad of ['101', '-1', '7.5', 'high']) {
    assert.throws(() => scormOptions({ ATLAS_SCORM_MASTERY: bad }), /ATLAS_SCORM_MASTERY must be a whole number from 0 to 100/);
  }
});

test('one section: that partial and Check yourself; an unknown id names the sections there are', () => {
  const partial = (id) => ({ name: `${id}.html`, text: `<section id="${id}"><h2>${id}</h2></section>` });
  const all = ['self-attention', 'causal', 'summary', 'check-yourself'].map(partial);
  assert.deepEqual(scormPartials(all, '').map((p) => p.name), all.map((p) => p.name));
  assert.deepEqual(scormPartials(all, 'causal').map((p) => p.name), ['causal.html', 'check-yourself.html']);
  assert.throws(() => scormPartials(all, 'nope'), /ATLAS_SCORM_SECTION: no section "nope"; the sections are self-attention, causal, summary, check-yourself/);
});
