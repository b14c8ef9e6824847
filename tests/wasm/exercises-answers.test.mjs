// Each exercise's answer (site/src/exercises/) against the section's own core
// call for the question's inputs, recomputed here from formulas, over 20 seeds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';
import { exercises } from '../../site/src/exercises/index.js';
import { SEEDS, at, entropyOf, contextFor, shipped, learnerRun } from './exercise-context.mjs';

// Each exercise's answer against the section's core call, recomputed independently.
const byId = Object.fromEntries(exercises.map((e) => [`${e.section}/${e.id}`, e]));
const rowAt = (m, i) => Array.from({ length: m.cols }, (_, j) => at(m, i, j));
const argmax = (v) => v.indexOf(Math.max(...v));
const argmin = (v) => v.indexOf(Math.min(...v));
function softmaxRow(Q, K, i, dK) {
  const s = Array.from({ length: K.rows }, (_, j) => {
    let dot = 0;
    for (let k = 0; k < Q.cols; k++) dot += at(Q, i, k) * at(K, j, k);
    return dot / Math.sqrt(dK);
  });
  const top = Math.max(...s);
  const e = s.map((x) => Math.exp(x - top));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / z);
}
const meanOver = (m, f) => {
  let total = 0;
  for (let i = 0; i < m.rows; i++) total += f(rowAt(m, i), i);
  return total / m.rows;
};
const product = (A, B) => {
  const n = A.rows;
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) data[i * n + j] += at(A, i, k) * at(B, k, j);
  return { rows: n, cols: n, data };
};
const withResidual = (W) => ({ rows: W.rows, cols: W.cols, data: W.data.map((w, k) => 0.5 * w + (k % (W.cols + 1) === 0 ? 0.5 : 0)) });

const check = {
  'self-attention/same-row': (core, q) => {
    const { sentence, seed, dModel, first } = q.inputs;
    const words = core.tokenize(sentence);
    const { weights } = core.selfAttention(words, { dModel, seed });
    assert.equal(words[q.answer.row], words[first]);
    assert.notEqual(q.answer.row, first);
    for (let j = 0; j < words.length; j++) assert.ok(Math.abs(at(weights, first, j) - at(weights, q.answer.row, j)) < 1e-12);
  },
  'self-attention/missing-weight': (core, q) => {
    const { sentence, seed, dModel, row, hidden } = q.inputs;
    const words = core.tokenize(sentence);
    const { weights } = core.selfAttention(words, { dModel, seed });
    const others = words.reduce((s, _, j) => (j === hidden ? s : s + at(weights, row, j)), 0);
    assert.ok(Math.abs(q.answer.value - (1 - others)) < 1e-9);
  },
  'patterns/local-count': (core, q) => {
    const { n, window } = q.inputs;
    let count = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (Math.abs(i - j) <= (window - 1) / 2) count++;
    assert.equal(q.answer.value, count);
  },
  'patterns/which-pattern': (core, q) => {
    const { n, names, asked, stride } = q.inputs;
    const alone = core.pattern(names[asked], n, { window: 3, stride, globals: 1 });
    assert.deepEqual(Array.from(q.figure.panels[q.answer.index].matrix.data), Array.from(alone.data));
  },
  'multi-head/pair-head': (core, q) => {
    const { sentence, seed, heads, i, j } = q.inputs;
    const r = core.multiHead(core.tokenize(sentence), { dModel: 16, heads, seed });
    assert.equal(q.answer.index, argmax(r.heads.map((h) => softmaxRow(h.Q, h.K, i, r.dK)[j])));
  },
  'multi-head/focused-head': (core, q) => {
    const { sentence, seed, i } = q.inputs;
    const r = core.multiHead(core.tokenize(sentence), { dModel: 16, heads: 4, seed });
    assert.equal(q.answer.index, argmin(r.heads.map((h) => entropyOf(softmaxRow(h.Q, h.K, i, r.dK)))));
  },
  'positional-encoding/self-similarity': (core, q) => {
    assert.ok(Math.abs(q.answer.value - q.inputs.d / 2) < 1e-9);
  },
  'positional-encoding/near-or-far': (core, q) => {
    const { d, p, near, far } = q.inputs;
    // PE(p)·PE(j) = sum over the d/2 sine-cosine pairs of cos((p - j) w_k), w_k = 10000^(-2k/d).
    const sim = (j) => Array.from({ length: d / 2 }, (_, k) => Math.cos((p - j) * 10000 ** (-2 * k / d))).reduce((a, b) => a + b, 0);
    assert.equal(q.answer.index, sim(near) > sim(far) ? 0 : 1);
  },
  'position-effect/stronger-diagonal': (core, q) => {
    const { sentence, seed, projection, low, high, row } = q.inputs;
    const words = core.tokenize(sentence);
    const w = (s) => at(core.selfAttention(words, { dModel: 16, seed, positional: s, projection }).weights, row, row);
    assert.equal(q.answer.index, w(high) > w(low) ? 0 : 1);
  },
  'position-effect/swap-words': (core, q) => {
    const { sentence, seed, a, b, row, col } = q.inputs;
    const { withoutEncoding } = core.positionEffect(core.tokenize(sentence), { seed, positional: 0 });
    const swap = (k) => (k === a ? b : k === b ? a : k); // P W P^T: the old row and column of each word
    assert.ok(Math.abs(q.answer.value - at(withoutEncoding, swap(row), swap(col))) < 1e-12);
  },
  'causal/blocked-count': (core, q) => {
    const { n } = q.inputs;
    assert.equal(q.answer.value, (n * (n - 1)) / 2);
  },
  'causal/renormalised': (core, q) => {
    const { sentence, seed, row, key } = q.inputs;
    const r = core.causalAttention(core.tokenize(sentence), { dModel: 16, seed, positional: 1 });
    let kept = 0;
    for (let j = 0; j <= row; j++) kept += at(r.unmasked, row, j);
    assert.ok(Math.abs(q.answer.value - at(r.unmasked, row, key) / kept) < 1e-9);
  },
  'causal/entropy-drop': (core, q) => {
    const { sentence, seed } = q.inputs;
    const words = core.tokenize(sentence);
    const r = core.causalAttention(words, { dModel: 16, seed, positional: 1 });
    const drops = words.map((_, i) => entropyOf(rowAt(r.unmasked, i)) - entropyOf(rowAt(r.masked, i)));
    assert.equal(q.answer.index, argmax(drops));
  },
  'cross-attention/same-column': (core, q) => {
    const { source, target, seed, first } = q.inputs;
    const s = core.tokenize(source);
    const { weights } = core.crossAttention(core.tokenize(target), s, { dModel: 16, seed });
    assert.equal(s[q.answer.col], s[first]);
    assert.notEqual(q.answer.col, first);
    for (let i = 0; i < weights.rows; i++) assert.ok(Math.abs(at(weights, i, first) - at(weights, i, q.answer.col)) < 1e-12);
  },
  'cross-attention/top-source': (core, q) => {
    const { source, target, seed, row } = q.inputs;
    const r = core.crossAttention(core.tokenize(target), core.tokenize(source), { dModel: 16, seed });
    assert.equal(q.answer.col, argmax(softmaxRow(r.Q, r.K, row, r.Q.cols)));
  },
  'head-roles/which-head': (core, q) => {
    const { sentence, order, asked } = q.inputs;
    const words = core.tokenize(sentence);
    const m = q.figure.panels[q.answer.index].matrix;
    const n = words.length;
    const rows = words.map((_, i) => rowAt(m, i));
    if (order[asked] === 'previous') rows.slice(1).forEach((r, i) => assert.equal(argmax(r), i));
    if (order[asked] === 'broad') rows.forEach((r) => r.forEach((w) => assert.ok(Math.abs(w - 1 / n) < 1e-9)));
    if (order[asked] === 'content') rows.forEach((r) => assert.deepEqual(r, rows[0]));
    if (order[asked] === 'determiners') {
      const { determiner } = core.headRoles(words);
      rows.forEach((r, i) => { if (!determiner[i]) assert.equal(argmax(r), i); });
    }
  },
  'head-roles/determiner-noun': (core, q) => {
    const { sentence, row } = q.inputs;
    const r = core.headRoles(core.tokenize(sentence));
    const noun = q.answer.index;
    assert.ok(r.determiner[row] && noun > row, 'a determiner reads ahead');
    // The next word that is not a function word (the default marking marks exactly those).
    assert.ok(r.marked[noun]);
    for (let j = row + 1; j < noun; j++) assert.ok(!r.marked[j]);
  },
  'rope/pair-speed': (core, q) => {
    const { d, base, pair } = q.inputs;
    assert.ok(Math.abs(q.answer.value - base ** (-2 * pair / d)) < 1e-12);
  },
  'rope/shifted-score': (core, q) => {
    // RoPE's score written out: Re sum_i (q pair)(k pair)* e^{i (m - n) theta_i}, from q and k alone.
    const { contentSeed, m, n } = q.inputs;
    const r = core.rotaryLesson({ d: 16, seed: contentSeed });
    let score = 0;
    for (let i = 0; i < 8; i++) {
      const angle = (m - n) * 10000 ** (-2 * i / 16);
      const [a, b, c, e] = [r.q[2 * i], r.q[2 * i + 1], r.k[2 * i], r.k[2 * i + 1]];
      score += (a * c + b * e) * Math.cos(angle) - (b * c - a * e) * Math.sin(angle);
    }
    assert.ok(Math.abs(score / 4 - at(r.scores, m, n)) < 1e-9);
    assert.equal(q.answer.index, 1);
  },
  'grouped-query/which-group': (core, q) => {
    const { heads, kvHeads, head } = q.inputs;
    assert.equal(q.answer.index, Math.floor((head - 1) / (heads / kvHeads)));
  },
  'grouped-query/cache-size': (core, q) => {
    const { layers, kvHeads, headSize, context } = q.inputs;
    assert.ok(Math.abs(q.answer.value - (2 * layers * kvHeads * headSize * context * 2) / 2 ** 20) < 1e-9);
  },
  // Per layer 4 D^2 (q, k, v, output) + 2 t D (scores and weighted values over t keys) + 2 D (4D) (the MLP),
  // and D V for the logits: a cached step is one row of that; recomputing is t rows.
  'kv-cache/work-without-cache': (core, q) => {
    const { layers: L, dModel: D, mlp, vocab } = shipped().config;
    const { t } = q.inputs;
    const row = D * (vocab.length + 1) + L * (4 * D * D + 2 * t * D + (mlp ? 8 * D * D : 0));
    assert.ok(q.prompt.includes(row.toLocaleString('en-US')), 'the prompt gives the cached step\'s count');
    assert.ok(Math.abs(q.answer.value - (t * row) / 1e6) < 1e-9);
  },
  // The same weights from a run over the whole text without a cache (m.run): its last row.
  'kv-cache/strongest-key': (core, q) => {
    const { prompt, continuation, layer, head, row } = q.inputs;
    const text = prompt + [...continuation].slice(0, row).join('');
    const n = [...text].length;
    const A = shipped().run(text).attention[layer][head];
    assert.equal(q.answer.row, row);
    assert.equal(q.answer.col, argmax(rowAt(A, n - 1)));
  },
  'distance/slope': (core, q) => {
    const { heads, h } = q.inputs;
    assert.ok(Math.abs(q.answer.value - 2 ** (-8 * h / heads)) < 1e-12);
  },
  'distance/near-share': (core, q) => {
    const { sentence, seed, slopeScale } = q.inputs;
    const r = core.alibiAttention(core.tokenize(sentence), { heads: 4, slopeScale, seed, causal: true });
    const near = (m) => meanOver(m, (row, i) => row.reduce((s, w, j) => (Math.abs(i - j) <= 1 ? s + w : s), 0));
    assert.equal(q.answer.index, argmax(r.biased.map((m, k) => near(m) - near(r.plain[k]))));
  },
  'layers/most-focused': (core, q) => {
    const { sentence, noise, seed } = q.inputs;
    const r = core.layerEvolution(core.tokenize(sentence).length, { seed, noise });
    assert.equal(q.answer.index, argmin(r.layers.map((m) => meanOver(m, entropyOf))));
  },
  'layers/farthest': (core, q) => {
    const { sentence, noise, seed } = q.inputs;
    const r = core.layerEvolution(core.tokenize(sentence).length, { seed, noise });
    assert.equal(q.answer.index, argmax(r.layers.map((m) => meanOver(m, (row, i) => row.reduce((s, w, j) => s + w * Math.abs(i - j), 0)))));
  },
  'entropy/half-entropy': (core, q) => {
    const { n, temperatures } = q.inputs;
    const h = (t) => {
      const e = Array.from({ length: n }, (_, j) => Math.exp((2 - (4 * j) / (n - 1)) / t));
      const z = e.reduce((a, b) => a + b, 0);
      return entropyOf(e.map((x) => x / z));
    };
    assert.equal(q.answer.index, argmin(temperatures.map((t) => Math.abs(h(t) - Math.log(n) / 2))));
  },
  'entropy/lowest-entropy': (core, q) => {
    const { n, concentration, seed } = q.inputs;
    const r = core.dirichletRows(6, n, { concentration, seed });
    assert.equal(q.answer.row, argmin(Array.from({ length: 6 }, (_, i) => entropyOf(rowAt(r.weights, i)))));
  },
  'flow/residual-half': (core, q) => {
    const { sentence, seed, i } = q.inputs;
    const r = core.layerEvolution(core.tokenize(sentence).length, { seed });
    assert.ok(Math.abs(q.answer.value - (0.5 * at(r.layers[0], i, i) + 0.5)) < 1e-12);
  },
  'learn/ablation': (core, q) => {
    const trainer = core.loadTrainer(learnerRun().bytes);
    const heads = trainer.evaluate().heads;
    const base = trainer.evaluate().lossRepeat;
    const rises = heads.map((h) => {
      trainer.ablate(h.layer, h.head, true);
      const rise = trainer.evaluate().lossRepeat - base;
      trainer.ablate(h.layer, h.head, false);
      return rise;
    });
    trainer.dispose();
    assert.equal(q.answer.index, q.inputs.most ? argmax(rises) : argmin(rises));
  },
  'learn/circuit-layer': (core, q) => {
    const trainer = core.loadTrainer(learnerRun().bytes);
    const heads = trainer.evaluate().heads;
    trainer.dispose();
    const best = heads.reduce((top, h) => (h[q.inputs.score] > top[q.inputs.score] ? h : top));
    assert.equal(q.answer.index, best.layer);
  },
  'flow/chain': (core, q) => {
    const { sentence, seed, depth } = q.inputs;
    const words = core.tokenize(sentence);
    const r = core.layerEvolution(words.length, { seed });
    let R = withResidual(r.layers[0]);
    for (let l = 1; l < depth; l++) R = product(withResidual(r.layers[l]), R);
    const last = rowAt(R, words.length - 1).slice(0, -1);
    assert.equal(q.answer.index, argmax(last));
  },
  // A tile (i, j) is skipped when its first key comes after its last query.
  'tiling/skipped-tiles': (core, q) => {
    const { n, blockRows, blockCols } = q.inputs;
    let skipped = 0;
    for (let i = 0; i * blockRows < n; i++) {
      for (let j = 0; j * blockCols < n; j++) skipped += j * blockCols > Math.min(n, (i + 1) * blockRows) - 1 ? 1 : 0;
    }
    assert.equal(q.answer.value, skipped);
  },
  // Algorithm 1 (Dao et al. 2022): 3Nd + 2N + T_c N (3d + 4), T_c = ceil(N / ceil(M / 4d)); Algorithm 0: 4Nd + 4N^2.
  'tiling/traffic-and-memory': (core, q) => {
    const { N, small, large } = q.inputs;
    const tiled = (M) => 3 * N * 64 + 2 * N + Math.ceil(N / Math.ceil(M / 256)) * N * (3 * 64 + 4);
    assert.ok(tiled(large) < tiled(small));
    assert.equal(q.answer.index, 1, 'only the tiled count falls: standard attention never uses the fast memory');
  },
  // L layers of a window of w keys reach L (w - 1) positions back (within 64).
  'windows/reach': (core, q) => {
    const { window, layers } = q.inputs;
    assert.equal(q.answer.value, Math.min(63, layers * (window - 1)));
  },
  'windows/wider-or-deeper': (core, q) => {
    const [a, b] = q.inputs.configs.map(([w, L]) => Math.min(63, L * (w - 1)));
    assert.equal(q.answer.index, a > b ? 0 : 1);
  },
};

test('every exercise has an independent check of its answer here', () => {
  assert.deepEqual(Object.keys(check).sort(), Object.keys(byId).sort());
});

for (const [id, verify] of Object.entries(check)) {
  test(`${id}: the answer is what the section's core call gives (20 seeds, recomputed from a formula)`, async () => {
    const core = await loadCore();
    const context = await contextFor(byId[id]);
    for (const seed of SEEDS.slice(0, 20)) verify(core, await byId[id].generate(core, seed, context));
  });
}
