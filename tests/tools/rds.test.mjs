// tools/corpus/rds.mjs on hand-made XDR streams (tests/tools/xdr.mjs writes them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byName, unserialize } from '../../tools/corpus/rds.mjs';
import {
  ASCII, LATIN1, NULL, UTF8, charsxp, flags, header, int, intsxp, pairlist, realsxp, ref, stream,
  strsxp, symbol, vecsxp,
} from './xdr.mjs';

const NA_INTEGER = -(2 ** 31);

test('unserialize reads serialize(1L) as R writes it: X, version 2, one integer', () => {
  const bytes = Buffer.from('580a' + '00000002' + '00040201' + '00020300' + '0000000d' + '00000001' + '00000001', 'hex');
  const x = unserialize(bytes);
  assert.equal(x.type, 'integer');
  assert.deepEqual(Array.from(x.value), [1]);
  assert.deepEqual(x.attributes, {});
});

test('a character vector keeps NA as null and decodes each string by its encoding bits', () => {
  const x = unserialize(stream(header(3, 'latin1'), int(flags(16), 5),
    charsxp('plain', ASCII), int(flags(9), -1), charsxp([0xc3, 0xa9, 0x74, 0xc3, 0xa9], UTF8),
    charsxp([0xe9, 0x74, 0xe9], LATIN1), charsxp([0xa3, 0x35], 0)));
  // the last one has no encoding bits: it is in the writer's native encoding, latin1 here
  assert.deepEqual(x.value, ['plain', null, 'été', 'été', '£5']);
});

test('native strings of a version-2 stream (no encoding recorded) are read as UTF-8', () => {
  const x = unserialize(stream(header(2), int(flags(16), 1), charsxp([0xc2, 0xa3], 0)));
  assert.deepEqual(x.value, ['£']);
});

test('a named list: attributes become an object, byName pairs names with elements', () => {
  const names = pairlist([[symbol('names'), strsxp(['counts', 'weights', 'label'])]]);
  const x = unserialize(stream(header(), vecsxp([
    intsxp([3, NA_INTEGER, -7]), realsxp([0.5, -Infinity]), strsxp(['é']),
  ], names)));
  assert.equal(x.type, 'list');
  assert.deepEqual(x.attributes.names.value, ['counts', 'weights', 'label']);
  const named = byName(x);
  assert.deepEqual(Array.from(named.counts.value), [3, NA_INTEGER, -7]);
  assert.deepEqual(Array.from(named.weights.value), [0.5, -Infinity]);
  assert.deepEqual(named.label.value, ['é']);
  assert.throws(() => byName(named.counts), /expected a named list/);
});

test('a symbol seen before is written as a reference to it, and resolves to the same symbol', () => {
  // a vector's attributes follow its elements: the inner vector's come first in the stream
  const namesFirst = pairlist([[symbol('names'), strsxp(['a'])]]);
  const namesAgain = pairlist([[ref(1), strsxp(['b'])]]);
  const x = unserialize(stream(header(), vecsxp([intsxp([1], namesFirst)], namesAgain)));
  assert.deepEqual(x.value[0].attributes.names.value, ['a']);
  assert.deepEqual(x.attributes.names.value, ['b']);
  assert.throws(() => unserialize(stream(header(), vecsxp([], pairlist([[ref(2), NULL]])))),
    /reference 2 but only 0 objects/);
});

test('a pairlist of 100000 cells is read without nesting the stack', () => {
  const cells = Array.from({ length: 100000 }, (_, i) => [i === 0 ? symbol('x') : ref(1), intsxp([i])]);
  const x = unserialize(stream(header(), pairlist(cells)));
  assert.equal(x.value.length, 100000);
  assert.equal(x.value[99999].tag, 'x');
  assert.deepEqual(Array.from(x.value[99999].value.value), [99999]);
});

test('an ALTREP compact integer sequence (how R writes 1:n) expands to its integers', () => {
  // ALTREP_SXP, then the class info (an untagged pairlist: class, package, type), the state
  // (n, first, step as doubles) and the attributes
  const info = [int(flags(2)), symbol('compact_intseq'), int(flags(2)), symbol('base'),
    int(flags(2)), intsxp([13]), NULL];
  const x = unserialize(stream(header(), int(238), info, realsxp([4, 10, 1]), NULL));
  assert.equal(x.type, 'integer');
  assert.deepEqual(Array.from(x.value), [10, 11, 12, 13]);
});

test('an environment is registered before its contents, so they can refer back to it', () => {
  const frame = pairlist([[symbol('self'), ref(1)]]);
  const x = unserialize(stream(header(), int(4), int(0), int(242), frame, NULL, NULL));
  assert.equal(x.type, 'environment');
  assert.equal(x.frame.value[0].value, x);
  assert.equal(x.enclos.name, 'emptyenv');
});

test('bad streams throw Errors that say what is wrong', () => {
  const one = stream(header(), intsxp([1]));
  assert.throws(() => unserialize(Buffer.from('A\n1\n')), /expected the XDR format/);
  assert.throws(() => unserialize(stream(Buffer.from('X\n'), int(4, 0, 0))), /version 4, expected 2 or 3/);
  assert.throws(() => unserialize(one.subarray(0, one.length - 2)), /ends early: the integer vector needs 4 bytes/);
  assert.throws(() => unserialize(stream(one, int(0))), /4 bytes left after the value/);
  assert.throws(() => unserialize(stream(header(), int(3))), /type 3 \(closure\).*not supported/);
  assert.throws(() => unserialize(stream(header(), int(flags(16), 1), charsxp([0xff], UTF8))),
    /not valid UTF-8/);
  assert.throws(() => unserialize(stream(header(3, 'CP932'), int(flags(16), 1), charsxp([0x82], 0))),
    /native encoding CP932 are not supported/);
});
