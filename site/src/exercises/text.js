// Shared pieces of exercise questions: sentences to draw from, how numbers and
// words are written in prompts and feedback, and reading a matrix cell or row.
// Sentences with a repeated word (sections 1, 5, 7) and without (others).
export const REPEATS = [
  'the cat sat on the mat', 'a dog saw a bird', 'the sun warmed the sea', 'my friend met my sister',
  'the child gave the book away', 'one bird sang and one slept', 'the rain fell on the town',
  'her brother read her letter', 'the king and the queen danced', 'a fox chased a hare',
];
export const PLAIN = [
  'the cat sat on a mat', 'birds sing at dawn', 'she reads old letters slowly', 'rain fell on quiet streets',
  'a small boat crossed the bay', 'we walked home after dinner', 'the old clock struck nine',
  'dogs bark when strangers come near', 'he painted his door bright blue', 'snow covered every roof in town',
  'my aunt grows roses and mint', 'the train left before dawn',
];

export const f2 = (x) => x.toFixed(2);
export const f3 = (x) => x.toFixed(3);
export const quote = (word) => `“${word}”`;
// "“the” (word 5)": a word with its 1-based position, for sentences with repeats.
export const wordAt = (words, i) => `${quote(words[i])} (word ${i + 1})`;

export const at = (m, i, j) => m.data[i * m.cols + j];
export const rowOf = (m, i) => Array.from(m.data.subarray ? m.data.subarray(i * m.cols, (i + 1) * m.cols) : m.data.slice(i * m.cols, (i + 1) * m.cols));

// The largest |a_j - b_j| of two rows (a tie check over core numbers).
export const rowGap = (a, b) => a.reduce((m, x, j) => Math.max(m, Math.abs(x - b[j])), 0);

// Index of the best of `values` (largest, or smallest with lowest: true) and
// how far the runner-up is from it: a question is kept only if that margin is wide.
export function best(values, { lowest = false } = {}) {
  const sign = lowest ? -1 : 1;
  let top = -1;
  values.forEach((v, k) => { if (top < 0 || sign * v > sign * values[top]) top = k; });
  const margin = values.reduce((m, v, k) => (k === top ? m : Math.min(m, sign * (values[top] - v))), Infinity);
  return { index: top, margin };
}
