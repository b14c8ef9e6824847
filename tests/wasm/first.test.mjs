// The page's first engines (dist/atlas-engine-{simd,scalar}-first.js), behind the
// facade as site/src/core-loader.js combines them: section 1's functions alone
// (wasm/bindings_first.cpp). They compute what the lean engine computes, bit for
// bit; any other function throws an Error naming the lean engine and the core
// keeps working; a page without first engines (the single file, attention-core.js)
// gets the lean one when it asks for a first core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { unpackWasm, wrapEngines } from '../../wasm/js/engines.js';
import { engineFile as engineName } from '../../site/src/engine-files.js';

const require = createRequire(import.meta.url);
const engineFile = (engine, size) => require(`../../dist/${engineName(engine, size).file}`);
const loaders = (size) => ({ simd: () => engineFile('simd', size), scalar: () => engineFile('scalar', size) });
const createPageCore = wrapEngines(loaders('lean'), loaders('full'), null, loaders('first'));
const SENTENCE = 'The quick brown fox jumps over the lazy dog';
const notHere = /^core\.\w+ is not in this core: it runs the first engine \(section 1's functions only\)\. Every lesson is in the lean engine: createAttentionCore\(\)$/;

for (const engine of ['simd', 'scalar']) {
  test(`first ${engine} core: section 1's functions give the lean engine's numbers`, async () => {
    const first = await createPageCore({ engine, first: true });
    const lean = await createPageCore({ engine });
    assert.deepEqual([first.first, first.full, first.engine], [true, false, engine]);
    assert.deepEqual([lean.first, lean.full], [false, false]);
    assert.deepEqual(first.limits, lean.limits);
    const words = first.tokenize(SENTENCE);
    assert.deepEqual(words, lean.tokenize(SENTENCE));
    for (const options of [{}, { dModel: 48, seed: 7 }]) {
      const a = first.selfAttention(words, options);
      const b = lean.selfAttention(words, options);
      for (const key of ['X', 'Q', 'K', 'V', 'weights', 'output']) assert.deepEqual(a[key], b[key], key);
      const row = 3;
      assert.deepEqual(first.attentionTrace(a.Q, a.K, a.V, row), lean.attentionTrace(b.Q, b.K, b.V, row));
    }
    // Bad input is refused the same way.
    assert.throws(() => first.selfAttention(words, { dModel: 0 }), (e) => e.field === 'dModel');
  });

  test(`first ${engine} core: any other function throws an Error naming the lean engine; the core keeps working`, async () => {
    const first = await createPageCore({ engine, first: true });
    const lean = await createPageCore({ engine });
    const words = first.tokenize(SENTENCE);
    const calls = {
      attention: () => first.attention(lean.selfAttention(words).Q, lean.selfAttention(words).K, lean.selfAttention(words).V),
      multiHead: () => first.multiHead(words),
      rotaryLesson: () => first.rotaryLesson({}),
      causalMask: () => first.causalMask(3),
      groupedQuery: () => first.groupedQuery(words, { heads: 4, kvHeads: 2 }),
    };
    for (const [name, call] of Object.entries(calls)) {
      assert.throws(call, (e) => e.field === 'first' && notHere.test(e.message), name);
    }
    assert.equal(first.selfAttention(words).weights.rows, words.length, 'still working after the refusals');
    assert.deepEqual(Object.keys(first).sort(), Object.keys(lean).sort(), 'the same API: what is missing says so');
  });

  test(`the first ${engine} engine's wasm is a fraction of the lean one's and binds none of the other lessons`, () => {
    const first = Buffer.from(unpackWasm(engineFile(engine, 'first'))).toString('latin1');
    const lean = Buffer.from(unpackWasm(engineFile(engine, 'lean'))).toString('latin1');
    assert.ok(first.length < lean.length / 2, `${first.length} bytes against ${lean.length}`);
    for (const name of ['selfAttention', 'attentionTrace', 'tokenize', 'limits']) assert.ok(first.includes(name), name);
    for (const name of ['multiHead', 'rotaryLesson', 'causalMask', 'tilingLesson']) {
      assert.ok(!first.includes(name), `first names ${name}`);
      assert.ok(lean.includes(name), `lean names ${name}`);
    }
  });
}

test('without first engines (the single file, attention-core.js) a first core is the lean one', async () => {
  const withoutFirst = wrapEngines(loaders('lean'), loaders('full'));
  const core = await withoutFirst({ first: true });
  assert.deepEqual([core.first, core.full], [false, false]);
  assert.equal(core.causalMask(2).data[1], 1);
  await assert.rejects(withoutFirst({ first: 'yes' }), (e) => e.field === 'first' && /first must be true or false/.test(e.message));
});

test('attention-core.js has no first engine: asked for one, it gives its full core', async () => {
  const { createAttentionCore } = await import('./load.mjs');
  const core = await createAttentionCore({ first: true });
  assert.deepEqual([core.first, core.full], [false, true]);
});
