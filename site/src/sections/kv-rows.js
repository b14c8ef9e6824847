// The rows of section 16's attention figure, from one m.generate result (its
// core numbers copied into place, nothing computed): row k is generated
// character k's query (one layer, one head) over the positions it read, the
// prompt and the characters generated before it; later positions stay 0 and
// are marked blocked (they did not exist yet). The section's figure and its
// exercises draw the same rows.
//   const { matrix, blocked, rowLabels, colLabels } = generatedRows(g, layer, head);
import { visible } from '../trained/units.js';

export function generatedRows(g, layer, head) {
  const steps = g.characters.length;
  const cols = g.prompt.length + steps;
  const data = new Float64Array(steps * cols);
  const blocked = new Float64Array(steps * cols).fill(1);
  g.characters.forEach((c, k) => {
    const weights = c.attention[layer];
    data.set(weights.data.subarray(head * weights.cols, (head + 1) * weights.cols), k * cols);
    blocked.fill(0, k * cols, k * cols + weights.cols);
  });
  const labels = [...g.prompt, ...g.characters.map((c) => c.character)].map(visible);
  return {
    matrix: { rows: steps, cols, data },
    blocked: { rows: steps, cols, data: blocked },
    rowLabels: labels.slice(g.prompt.length),
    colLabels: labels,
  };
}
