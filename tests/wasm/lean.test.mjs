// The page's lean and full engines (dist/atlas-engine-{simd,scalar}[-full].js)
// behind the facade, as site/src/core-loader.js combines them: the lean one
// (first paint) computes the figures and has no trainer and no trained model,
// says so clearly and keeps working; the full one has both and agrees with the
// public dist/attention-core.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { unpackWasm, wrapEngines } from '../../wasm/js/engines.js';
import { FULL_ONLY } from '../../wasm/js/full-only.js';
import { createAttentionCore, loadCore } from './load.mjs';
import { engineFile as engineName } from '../../site/src/engine-files.js';

const require = createRequire(import.meta.url);
const shipped = require('../../dist/atlas-model.js');
const engineFile = (engine, full) => require(`../../dist/${engineName(engine, full ? 'full' : 'lean').file}`);
const loaders = (full) => ({ simd: () => engineFile('simd', full), scalar: () => engineFile('scalar', full) });
const createPageCore = wrapEngines(loaders(false), loaders(true));
const publicCore = await loadCore();
const SENTENCE = 'The cat sat on the mat';

for (const engine of ['simd', 'scalar']) {
  test(`the lean ${engine} engine's wasm has no trainer or model bindings; the full one has both`, () => {
    const lean = Buffer.from(unpackWasm(engineFile(engine, false))).toString('latin1');
    const full = Buffer.from(unpackWasm(engineFile(engine, true))).toString('latin1');
    for (const name of ['TrainerHandle', 'ModelHandle']) {
      assert.ok(!lean.includes(name), `lean ${engine} names ${name}`);
      assert.ok(full.includes(name), `full ${engine} names ${name}`);
    }
  });

  test(`lean ${engine} core: figures work, trainer and model calls throw an Error naming the full engine, the core keeps working`, async () => {
    const core = await createPageCore({ engine });
    assert.equal(core.engine, engine);
    assert.equal(core.full, false);
    const reference = await createAttentionCore({ engine });
    const words = core.tokenize(SENTENCE);
    assert.deepEqual(core.selfAttention(words).weights.data, reference.selfAttention(words).weights.data);
    const lean = /core\.(createTrainer|loadTrainer|loadModel) is not in this core: it runs the lean engine.*createAttentionCore\(\{ full: true \}\)/;
    assert.throws(() => core.createTrainer({ seed: 1 }), lean);
    assert.throws(() => core.loadTrainer(new Uint8Array(4)), lean);
    assert.throws(() => core.loadModel(shipped), lean);
    assert.deepEqual(core.trainerDefaults, publicCore.trainerDefaults, 'the defaults are data, not a call into the engine');
    assert.equal(core.causalMask(3).data[1], 1);
  });

  test(`full ${engine} core: trains and runs the shipped model exactly as attention-core.js does`, async () => {
    const core = await createPageCore({ engine, full: true });
    assert.equal(core.full, true);
    assert.equal(core.engine, engine);
    const reference = await createAttentionCore({ engine }); // the same wasm inside the public file
    const ours = core.createTrainer({ seed: 3 });
    const theirs = reference.createTrainer({ seed: 3 });
    const a = ours.step(3);
    assert.equal(a.step, 3);
    assert.ok(Number.isFinite(a.loss));
    assert.equal(a.loss, theirs.step(3).loss);
    ours.dispose();
    theirs.dispose();
    const r = core.loadModel(shipped).run(SENTENCE);
    const want = reference.loadModel(shipped).run(SENTENCE);
    assert.equal(r.tokens.length, [...SENTENCE].length);
    assert.deepEqual(r.attention[2][3].data, want.attention[2][3].data);
    assert.deepEqual(r.heads, want.heads);
  });
}

test('the public attention-core.js is full; full must be a boolean', async () => {
  assert.equal(publicCore.full, true);
  await assert.rejects(createPageCore({ full: 'yes' }), /full must be true or false; got string yes/);
});

// The first-paint facade names the full-only functions itself (FULL_ONLY, wasm/js/full-only.js)
// and takes their code from the full engine (its <factory>.facade(), wasm/pack-engine.mjs): a lean
// and a full core have the same keys, and the full engine's file carries the trainer and model API.
test('a lean and a full page core have the same API names; FULL_ONLY names exactly the functions the full engine brings', async () => {
  const [lean, full] = [await createPageCore({ engine: 'simd' }), await createPageCore({ engine: 'simd', full: true })];
  assert.deepEqual(Object.keys(lean).sort(), Object.keys(full).sort());
  assert.deepEqual(Object.keys(full).sort(), Object.keys(publicCore).sort());
  const apis = engineFile('simd', true).facade().fullApis;
  // The API modules only keep the raw module for later calls, so an empty one lists their members.
  const brought = { ...apis.trainerApi({}), ...apis.modelApi({}) };
  const functions = Object.keys(brought).filter((name) => typeof brought[name] === 'function');
  assert.deepEqual(functions.sort(), [...FULL_ONLY].sort());
  for (const name of FULL_ONLY) {
    assert.equal(typeof full[name], 'function');
    assert.throws(() => lean[name](), new RegExp(`core\\.${name} is not in this core`));
  }
  // A full engine whose factory carries no facade, and no API given, is an error, not a half core.
  const bare = Object.assign((o) => engineFile('simd', true)(o), { wasmText: engineFile('simd', true).wasmText, wasmByteOf: engineFile('simd', true).wasmByteOf });
  await assert.rejects(wrapEngines({ simd: () => bare })({ engine: 'simd' }), /a full engine came without its trainer and model API/);
});
