// Character statistics of the corpus: the inventory, how much of the text falls outside the k most
// frequent characters, and the unigram and bigram entropies a character model has to beat.
// The model keeps the k most frequent training characters and maps every other one to a single
// unknown symbol, so the entropies are over those k + 1 symbols.
// Usage: node tools/corpus/entropy.mjs <train.txt> [heldout.txt] [k]   (k = 80; prints JSON)
// Non-goals: smoothing beyond add-one, higher-order n-grams.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** inventory(text) -> [[character, count]], most frequent first (ties: lower code point first). */
export function inventory(text) {
  const counts = new Map();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].codePointAt(0) - b[0].codePointAt(0));
}

/** outsideShare(inv, k) -> the share of characters that are not among the k most frequent. */
export function outsideShare(inv, k) {
  const total = inv.reduce((s, [, c]) => s + c, 0);
  return inv.slice(k).reduce((s, [, c]) => s + c, 0) / total;
}

// text -> symbol ids: the index in kept, or kept.length for the unknown symbol.
function symbols(text, kept) {
  const index = new Map(kept.map((ch, i) => [ch, i]));
  return Int32Array.from(text, (ch) => index.get(ch) ?? kept.length);
}

// uni[a]: how often a occurs; bi[a * v + b]: how often b follows a; from[a]: pairs that start with a.
function counts(ids, v) {
  const uni = new Float64Array(v);
  const bi = new Float64Array(v * v);
  const from = new Float64Array(v);
  for (let t = 0; t < ids.length; t++) {
    uni[ids[t]]++;
    if (t > 0) {
      bi[ids[t - 1] * v + ids[t]]++;
      from[ids[t - 1]]++;
    }
  }
  return { uni, bi, from };
}

const BITS = 1 / Math.LN2;
const both = (nats) => ({ nats, bits: nats * BITS });

/**
 * entropies(text, kept) -> { unigram, bigram } in { nats, bits } per character, over kept + unknown:
 * unigram H(X) = -sum p(a) ln p(a); bigram H(X_t | X_t-1) = -sum p(a, b) ln p(b | a), the loss of the
 * best bigram model on the text it was counted on.
 */
export function entropies(text, kept) {
  const v = kept.length + 1;
  const ids = symbols(text, kept);
  const { uni, bi, from } = counts(ids, v);
  const n = ids.length;
  let h1 = 0;
  for (const c of uni) if (c > 0) h1 -= (c / n) * Math.log(c / n);
  let h2 = 0;
  for (let a = 0; a < v; a++) {
    for (let b = 0; b < v; b++) {
      const c = bi[a * v + b];
      if (c > 0) h2 -= (c / (n - 1)) * Math.log(c / from[a]);
    }
  }
  return { unigram: both(h1), bigram: both(h2) };
}

/**
 * crossEntropies(train, heldOut, kept) -> { unigram, bigram }: the mean loss on heldOut of the
 * unigram and bigram models counted on train, add-one smoothed (so no held-out symbol has p = 0).
 */
export function crossEntropies(train, heldOut, kept) {
  const v = kept.length + 1;
  const trainIds = symbols(train, kept);
  const n = trainIds.length;
  const { uni, bi, from } = counts(trainIds, v);
  const ids = symbols(heldOut, kept);
  let l1 = 0;
  let l2 = 0;
  for (let t = 0; t < ids.length; t++) l1 -= Math.log((uni[ids[t]] + 1) / (n + v));
  for (let t = 1; t < ids.length; t++) {
    const a = ids[t - 1];
    l2 -= Math.log((bi[a * v + ids[t]] + 1) / (from[a] + v));
  }
  return { unigram: both(l1 / ids.length), bigram: both(l2 / (ids.length - 1)) };
}

/**
 * report(train, heldOut, k) -> the statistics corpus.json records: the training text's inventory,
 * the share outside the top 32, 48, 64, 80 characters, its entropies over the top k + unknown, and
 * (unless heldOut is null) how many held-out characters are unknown and the held-out losses.
 */
export function report(train, heldOut, k = 80) {
  const inv = inventory(train);
  const kept = inv.slice(0, k).map(([ch]) => ch);
  const known = new Set(kept);
  return {
    inventory: inv,
    distinct: inv.length,
    kept: k,
    outsideTop: Object.fromEntries([32, 48, 64, 80].map((j) => [j, outsideShare(inv, j)])),
    train: entropies(train, kept),
    ...(heldOut === null ? {} : {
      heldOutUnknown: [...heldOut].filter((ch) => !known.has(ch)).length,
      heldOutUnderTrain: crossEntropies(train, heldOut, kept),
    }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const k = Number(args.find((a) => /^\d+$/.test(a)) ?? 80);
  const [trainPath, heldOutPath] = args.filter((a) => !/^\d+$/.test(a));
  if (!trainPath) {
    console.error('usage: node tools/corpus/entropy.mjs <train.txt> [heldout.txt] [k]   (k = 80)');
    process.exit(2);
  }
  const read = (p) => readFileSync(p, 'utf8');
  const result = report(read(trainPath), heldOutPath ? read(heldOutPath) : null, k);
  console.log(JSON.stringify(result, null, 2));
}
