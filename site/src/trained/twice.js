// "Write it twice" (section 8, trained): the learner's text written twice in
// one window, as the model's text-repeat score measures it (make model's
// text_repeats.hpp: a passage, then the same passage again).
//   writeTwice(text, context)  -> { text: `${s} ${s}`, cut }: s is the text, trimmed and cut to
//                                 (context - 1) / 2 characters so both copies fit
//   repeatIn(characters)       -> L when the characters are s, ' ', s with |s| = L >= 2, else 0
//   copyLosses(run, L)         -> { first, second }: the mean of the core's per-character losses
//                                 (run.losses) over s[1..L-1] in each copy; each copy's first
//                                 character is a boundary, left out of both, as make model does
//   copyWeight(A, L)           -> the mean weight a second-copy character s[k] (k < L - 1) gives
//                                 to s[k + 1] of the first copy: the character after its earlier
//                                 occurrence, where an induction head looks
// All positions count characters (code points), as the model's tokens do.
export function writeTwice(text, context) {
  const chars = [...text.trim()];
  const max = Math.floor((context - 1) / 2);
  const s = chars.slice(0, max).join('');
  return { text: `${s} ${s}`, cut: chars.length > max };
}

export function repeatIn(characters) {
  const n = characters.length;
  const L = (n - 1) / 2;
  if (!Number.isInteger(L) || L < 2 || characters[L] !== ' ') return 0;
  for (let k = 0; k < L; k++) if (characters[k] !== characters[L + 1 + k]) return 0;
  return L;
}

export function copyLosses(run, L) {
  let first = 0;
  let second = 0;
  // losses[t] is the loss of predicting character t + 1
  for (let k = 1; k < L; k++) {
    first += run.losses[k - 1];
    second += run.losses[L + k];
  }
  return { first: first / (L - 1), second: second / (L - 1) };
}

export function copyWeight(A, L) {
  let sum = 0;
  for (let k = 0; k < L - 1; k++) sum += A.data[(L + 1 + k) * A.cols + k + 1];
  return sum / (L - 1);
}
