// The seeded choices behind one exercise question. A question's seed picks its
// inputs (which sentence, which weights seed, which row, which n); the numbers
// the learner reads and the answer are then computed by the core from those
// inputs, exactly as the section's figure computes them. This generator only
// chooses among inputs: it never produces a number a figure draws.
//
//   const rng = questionRandom(seed, attempt, salt);   rng.int(lo, hi)  rng.pick(list)  rng.seed()
// `attempt` lets a generator reject an instance (a tie) and draw the next one
// from the same seed, so a seed always gives the same question.
export const MAX_SEED = 999999999;

// A seed as the address or a caller gives it -> an integer 1..MAX_SEED, or an
// Error (with field 'seed') saying what is wrong with it.
export function parseSeed(raw) {
  const text = String(raw ?? '').trim();
  const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= MAX_SEED)) {
    const error = new Error(`seed: a question number is a whole number from 1 to ${MAX_SEED}, not "${text.slice(0, 20)}"`);
    error.field = 'seed';
    throw error;
  }
  return value;
}

// A string's 32-bit FNV-1a hash: each exercise draws its own stream from a seed, so
// two exercises of a section with the same question number do not share inputs.
function hash(text) {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

// mulberry32: a small, well-mixed 32-bit generator (enough to choose among inputs).
export function questionRandom(seed, attempt = 0, salt = '') {
  let s = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(attempt + 1, 0x85ebca77) ^ hash(salt)) >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    seed: () => 1 + Math.floor(next() * 100000),
    shuffle(list) {
      const out = list.slice();
      for (let k = out.length - 1; k > 0; k--) {
        const j = Math.floor(next() * (k + 1));
        [out[k], out[j]] = [out[j], out[k]];
      }
      return out;
    },
  };
}

export const MAX_ATTEMPTS = 200;

// Draws candidates from seed (attempt 0, 1, ...) until `make(rng)` returns a
// question (not null: null = rejected, e.g. a near-tie). Deterministic per seed.
// A seed that is not a question number throws parseSeed's Error; when every
// draw is rejected, the Error `exhausted()` gives (inputs that allow no clear
// question, such as a learner's run whose heads are all alike).
// salt: the exercise's id.
export function firstAccepted(seed, salt, make, exhausted = () => new Error(`no unambiguous question found for seed ${seed} in ${MAX_ATTEMPTS} draws`)) {
  parseSeed(seed);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const question = make(questionRandom(seed, attempt, salt));
    if (question) return question;
  }
  throw exhausted();
}
