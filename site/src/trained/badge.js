// The words that name the shipped model on every trained figure, all read from
// m.config and m.meta (never written into the page by hand):
//   badgeText(m)  "Trained model: 3 layers × 4 heads, 168k parameters, Austen, 1.36 nats/char held out"
//   aboutText(m)  one sentence on what it was trained on and how
const thousands = (n) => (n >= 1000 ? `${Math.round(n / 1000)}k` : String(n));

export function badgeText(m) {
  const { layers, heads, parameters } = m.config;
  const corpus = /austen/i.test(m.meta.corpus || '') ? 'Austen' : m.meta.corpus;
  return `Trained model: ${layers} layers × ${heads} heads, ${thousands(parameters)} parameters, ${corpus}, `
    + `${m.meta.heldOutLoss.toFixed(2)} nats/char held out`;
}

export function aboutText(m) {
  const { config: c, meta } = m;
  const share = meta.copyShare === undefined ? '' : ` In ${Math.round(meta.copyShare * 100)}% of its training windows a span of the text was copied again later, to give induction heads (which find an earlier copy and predict what came next) a reason to form; section 8 measures whether one did.`;
  return `A character-level Transformer with ${c.layers} layers of ${c.heads} heads (d_model ${c.dModel}, `
    + `context ${c.context} characters, ${c.vocab.length} known characters), trained by this project's own C++ code `
    + `for ${meta.steps} steps on ${meta.corpus}; held out: ${meta.heldOutRule}, where it needs `
    + `${meta.heldOutLoss.toFixed(2)} nats (${meta.heldOutBitsPerChar.toFixed(2)} bits) per character.${share}`;
}
