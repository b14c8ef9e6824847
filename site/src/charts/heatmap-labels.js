// The heatmap's row and column labels: how much room they take, how a long one is
// shortened, and whether the cells' numbers fit (heatmap.js).
const LABEL_SPACE = 120; // px at most for the row labels (and the column labels' height)

export function labelSpace(labels, perChar) {
  const longest = labels.reduce((m, l) => Math.max(m, String(l).length), 1);
  return Math.min(LABEL_SPACE, 10 + longest * perChar);
}

// A label longer than the label space holds is shortened with an ellipsis, so it is
// never cut at the chart's edge nor drawn over the axis title; the readout and the
// "Show numbers" table keep it whole.
export function fitLabel(label, perChar) {
  const text = String(label);
  const chars = Math.floor((LABEL_SPACE - 10) / perChar);
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

// Numbers fit in a cell of `cell` px: ~6.5 px per character of 11 px text, plus a margin.
export const numbersFit = (texts, cell) => texts.reduce((m, t) => Math.max(m, t.length), 4) * 6.5 + 4 <= cell;

export const indexLabels = (n) => Array.from({ length: n }, (_, i) => String(i));
