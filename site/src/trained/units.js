// What a trained view draws for "Read by": characters (the model's own
// tokens) or words (the core's Clark et al. 2019 aggregation, r.words).
//   const { labels, attention } = byUnit(run, 'words');   // attention[layer][head] (n x n)
// Labels make spaces visible (·) so a character heatmap shows every position, and
// a character the model does not know (run.unknown) shows as the one symbol it
// reads instead (�), as the note beside the text says; words keep their spelling.
export const visible = (s) => s.replace(/ /g, '·').replace(/\n/g, '⏎');
const UNKNOWN_LABEL = '\uFFFD';

export function byUnit(run, unit) {
  if (unit === 'words') return { labels: run.words.labels.map((w) => visible(w.trimEnd()) || '·'), attention: run.words.attention };
  const unknown = new Set(run.unknown);
  return { labels: run.tokens.map((t) => (unknown.has(t) ? UNKNOWN_LABEL : visible(t))), attention: run.attention };
}

// "layer 2, head 3" from 0-based indices, as every trained caption says it
export const headName = (layer, head) => `layer ${layer + 1}, head ${head + 1}`;
