// The words that name the shipped model on every trained figure, all read from
// m.config and m.meta (never written into the page by hand), and the held-out
// baselines that travel with the weights (attentionAtlasModel.baselines, from
// the corpus tool's counts, see load.js):
//   badgeText(m)  "Trained model: <layers> layers × <heads> heads, <n>k parameters, Austen, <loss> nats/char held out"
//   aboutText(m, baselines)  what it was trained on and how, and what its loss compares with
const thousands = (n) => (n >= 1000 ? `${Math.round(n / 1000)}k` : String(n));

const percent = (share) => `${Math.round(share * 100)}%`;

const list = (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

// Consecutive phases of the recipe's curriculum (meta.curriculum, tools/model/train_model.cpp)
// that differ only in the random strings' alphabet are one stage whose alphabet widens.
function stages(curriculum) {
  const key = (p) => JSON.stringify([p.context, p.batch, p.copyShare, p.copyLength, p.repeatShare, p.repeatLength]);
  const out = [];
  for (const p of curriculum) {
    const last = out[out.length - 1];
    if (last && key(last.phases[0]) === key(p)) last.phases.push(p);
    else out.push({ phases: [p] });
  }
  return out;
}

function stageText({ phases }) {
  const p = phases[0];
  const steps = phases.reduce((sum, q) => sum + q.steps, 0);
  const parts = [`${steps} steps on ${p.batch ? `batches of ${p.batch} ` : ''}windows of ${p.context} characters`];
  if (p.copyShare > 0) {
    const span = p.copyLength ? ` of ${p.copyLength[0]}-${p.copyLength[1]} characters` : '';
    parts.push(`${percent(p.copyShare)} of them with a span${span} of the text copied later in the window`);
  }
  if (p.repeatShare > 0) {
    const alphabets = phases.map((q) => q.alphabet);
    const from = phases.length === 1 ? `the ${alphabets[0]}` : `the ${alphabets[0]}, then ${list(alphabets.slice(1))}`;
    const split = phases.length === 1 ? '' : ` (${list(phases.map((q) => q.steps))} steps)`;
    parts.push(`${percent(p.repeatShare)} with a string of ${p.repeatLength[0]}-${p.repeatLength[1]} distinct random characters `
      + `written twice in a row, drawn from ${from} most frequent characters${split}`);
  }
  return parts.join(', ');
}

export function badgeText(m) {
  const { layers, heads, parameters } = m.config;
  const corpus = /austen/i.test(m.meta.corpus || '') ? 'Austen' : m.meta.corpus;
  return `Trained model: ${layers} layers × ${heads} heads, ${thousands(parameters)} parameters, ${corpus}, `
    + `${m.meta.heldOutLoss.toFixed(2)} nats/char held out`;
}

// baselines: { unigram, bigram } in nats per character on the held-out text, of
// add-one smoothed counts on the training text (tools/corpus/entropy.mjs), or null
function baselineText(baselines) {
  if (!baselines) return '';
  return ` For comparison, on the same held-out text a model that knows only how often each character occurs `
    + `needs ${baselines.unigram.toFixed(2)} nats, and one that also knows the character before `
    + `${baselines.bigram.toFixed(2)} (character counts on the training text).`;
}

// What the model does with a repeat of its own kind of text, from the scores
// make model measured on the held-out text and kept in the meta (textRepeats;
// Catch2 recomputes them from the weights). Older model files have none.
function copyingText(meta) {
  const t = meta.textRepeats;
  if (!t) return '';
  const best = Math.max(...t.induction);
  return ` Written twice in one window, ${t.passages} passages of the held-out text (${t.length[0]} to ${t.length[1]} characters) `
    + `cost it ${t.firstLoss.toFixed(2)} nats per character the first time and ${t.secondLoss.toFixed(2)} the second `
    + `(${percent(t.secondLoss / t.firstLoss)}), and its best head there gives on average ${best.toFixed(2)} of a second-copy `
    + 'character’s weight to the character that followed its earlier occurrence (its induction score on text repeats).';
}

export function aboutText(m, baselines = null) {
  const { config: c, meta } = m;
  const phases = stages(meta.curriculum || []).map(stageText).join('; then ');
  const windows = phases ? ` Its training windows, to give induction heads (which find an earlier copy and predict what came next) a reason to form: ${phases}. The induction scores of section 8 say whether one did.` : '';
  return `A character-level Transformer with ${c.layers} layers of ${c.heads} heads (d_model ${c.dModel}, `
    + `context ${c.context} characters, ${c.vocab.length} known characters), trained by this project's own C++ code `
    + `for ${meta.steps} steps on ${meta.corpus}; held out: ${meta.heldOutRule}, where it needs `
    + `${meta.heldOutLoss.toFixed(2)} nats (${meta.heldOutBitsPerChar.toFixed(2)} bits) per character.`
    + `${baselineText(baselines)}${windows}${copyingText(meta)}`;
}
