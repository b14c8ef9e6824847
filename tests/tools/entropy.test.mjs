// tools/corpus/entropy.mjs: inventories, shares and entropies on texts whose values are known by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossEntropies, entropies, inventory, outsideShare, report } from '../../tools/corpus/entropy.mjs';

const close = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} vs ${b}`);

test('inventory counts characters (code points), most frequent first, ties by code point', () => {
  assert.deepEqual(inventory('baac£ab'), [['a', 3], ['b', 2], ['c', 1], ['£', 1]]);
  assert.deepEqual(inventory(''), []);
});

test('outsideShare(inv, k) is the share of characters outside the k most frequent', () => {
  const inv = inventory('aaaabbc');
  assert.equal(outsideShare(inv, 1), 3 / 7);
  assert.equal(outsideShare(inv, 2), 1 / 7);
  assert.equal(outsideShare(inv, 3), 0);
});

test('a cycle of 4 characters: unigram ln 4 nats (2 bits), bigram 0 (each successor is certain)', () => {
  const h = entropies('abcd'.repeat(250), ['a', 'b', 'c', 'd']);
  close(h.unigram.nats, Math.log(4), 'unigram nats');
  close(h.unigram.bits, 2, 'unigram bits');
  close(h.bigram.nats, 0, 'bigram');
});

test('characters outside kept count as one unknown symbol', () => {
  // 'xyzw' repeated with kept = ['x'] reads x ? ? ? x ? ? ? ...: unigram p = (1/4, 3/4); of the
  // 39 pairs, x->? 10 (certain, adds 0), ?->? 20 and ?->x 9, out of the 29 that start with ?
  const h = entropies('xyzw'.repeat(10), ['x']);
  const p = [0.25, 0.75];
  close(h.unigram.nats, -p.reduce((s, q) => s + q * Math.log(q), 0), 'unigram');
  const pairs = 39;
  const h2 = -(20 / pairs) * Math.log(20 / 29) - (9 / pairs) * Math.log(9 / 29);
  close(h.bigram.nats, h2, 'bigram');
});

test('crossEntropies: add-one smoothed unigram and bigram losses of held-out text, by hand', () => {
  // train 'aab' over kept ['a', 'b'] + unknown (v = 3): unigram a 3/6, b 2/6, ? 1/6;
  // bigram from a: a->a 1, a->b 1 (from a = 2): p(b|a) = 2/5, p(a|a) = 2/5; from b: none: 1/3 each
  const x = crossEntropies('aab', 'ab?', ['a', 'b']);
  close(x.unigram.nats, -(Math.log(3 / 6) + Math.log(2 / 6) + Math.log(1 / 6)) / 3, 'unigram');
  close(x.bigram.nats, -(Math.log(2 / 5) + Math.log(1 / 3)) / 2, 'bigram');
});

test('report gives the shares outside the top 32..80 and counts held-out characters unknown to training', () => {
  const r = report('aaab', 'abz', 1);
  assert.equal(r.distinct, 2);
  assert.equal(r.outsideTop[32], 0);
  assert.equal(r.heldOutUnknown, 2); // b and z are not in the top 1
  assert.deepEqual(r.inventory, [['a', 3], ['b', 1]]);
  assert.equal(report('aaab', null).heldOutUnderTrain, undefined);
});
