// Seeded random and hostile inputs through the public API: every call either
// returns finite, correctly shaped results or throws an Error with a message,
// and the core keeps answering. (A fast, deterministic stand-in for a fuzzer.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';

const core = await loadCore();

function generator(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const SPECIAL = [0, -0, 1, -1, 1e300, -1e300, 1e-300, NaN, Infinity, -Infinity, 0.5];

// A matrix of the intended shape most of the time; otherwise a wrong shape,
// a wrong data length, a special value or not a matrix at all.
function randomMatrix(rand, rows, cols) {
  if (rand() < 0.04) return pick(rand, [null, undefined, 'x', 42, {}]);
  const r = rand() < 0.9 ? rows : pick(rand, [0, -1, 2.5, rows + 1]);
  const c = rand() < 0.9 ? cols : pick(rand, [0, cols + 1]);
  const length = rand() < 0.95 ? Math.max(0, Math.floor(r) * c) : Math.floor(rand() * 10);
  const data = Array.from({ length }, () => (rand() < 0.02 ? pick(rand, SPECIAL) : (rand() - 0.5) * 10 ** Math.floor(rand() * 9 - 4)));
  return { rows: r, cols: c, data };
}

function randomMask(rand, rows, cols) {
  const m = randomMatrix(rand, rows, cols);
  if (m && Array.isArray(m.data) && rand() < 0.8) m.data = m.data.map(() => (rand() < 0.4 ? 1 : 0));
  return m;
}

function expectSaneOrError(call) {
  let result;
  try {
    result = call();
  } catch (error) {
    assert.ok(error instanceof Error, 'throws an Error');
    assert.equal(typeof error.field, 'string', `the option it concerns: ${error.message}`);
    assert.ok(error.message.replace(/_/g, '').toLowerCase().includes(error.field.toLowerCase()), `the message names ${error.field}: ${error.message}`);
    return 'error';
  }
  for (const m of [result.weights, result.output].filter(Boolean)) {
    assert.equal(m.data.length, m.rows * m.cols);
    assert.ok(m.data.every(Number.isFinite), 'finite output');
  }
  return 'ok';
}

test('2000 random attention calls: finite results or a named Error, never a crash', () => {
  const rand = generator(20261129);
  const seen = { ok: 0, error: 0 };
  for (let k = 0; k < 2000; k++) {
    const [n, m, d, dv] = [1, 1, 1, 1].map(() => 1 + Math.floor(rand() * 6));
    const mask = rand() < 0.3 ? randomMask(rand, n, m) : undefined;
    const call = () => core.attention(randomMatrix(rand, n, d), randomMatrix(rand, m, d), randomMatrix(rand, m, dv), { mask });
    seen[expectSaneOrError(call)]++;
  }
  assert.ok(seen.ok > 50 && seen.error > 50, JSON.stringify(seen));
  assert.equal(core.causalMask(3).rows, 3);
});

test('random text through tokenize + selfAttention: words or a named Error', () => {
  const rand = generator(7);
  const alphabet = ['a', 'é', '猫', '🐈', ' ', '\t', '\u00a0', '\n', '<', '"', '\u0000', '\ud800'];
  for (let k = 0; k < 500; k++) {
    const text = Array.from({ length: Math.floor(rand() * 200) }, () => pick(rand, alphabet)).join('');
    let words;
    try {
      words = core.tokenize(text);
    } catch (error) {
      assert.match(error.message, /sentence (is empty|has \d+ words|is not valid UTF-8)/);
      continue;
    }
    assert.ok(words.length >= 1 && words.length <= 64);
    assert.ok(words.every((w) => w.length > 0 && !/[ \t\n\u00a0]/.test(w)));
    const r = core.selfAttention(words, { dModel: 1 + Math.floor(rand() * 32), seed: Math.floor(rand() * 1e9) });
    assert.ok(r.weights.data.every(Number.isFinite));
  }
});
