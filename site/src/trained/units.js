// What a trained view draws for "Read by": characters (the model's own
// tokens) or words (the core's Clark et al. 2019 aggregation, r.words).
//   const { labels, attention } = byUnit(run, 'words');   // attention[layer][head] (n x n)
// Labels make spaces visible (·) so a character heatmap shows every position.
const visible = (s) => s.replace(/ /g, '·').replace(/\n/g, '⏎');

export function byUnit(run, unit) {
  if (unit === 'words') return { labels: run.words.labels.map((w) => visible(w.trimEnd()) || '·'), attention: run.words.attention };
  return { labels: run.tokens.map(visible), attention: run.attention };
}

// "layer 2, head 3" from 0-based indices, as every trained caption says it
export const headName = (layer, head) => `layer ${layer + 1}, head ${head + 1}`;
