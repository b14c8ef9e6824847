// Section 14's exercises: how fast pair i turns (theta_i = base^(-2i/d)), and a
// score that does not move when both positions shift (RoPE depends on m - n only).
// Inputs as the section's figures take them: d, base, offset, seed, core.rotaryLesson.
import { firstAccepted } from './random.js';
import { at, f2, f3 } from './text.js';

const pairSpeed = {
  id: 'pair-speed',
  section: 'rope',
  version: 1,
  kind: 'estimate',
  title: 'How fast does a pair turn?',
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const d = rng.pick([8, 16, 32, 64]);
      const base = rng.pick([100, 10000]);
      const pair = rng.int(1, Math.min(4, d / 2 - 1));
      const value = core.rotaryLesson({ d, base }).theta[pair];
      const tolerance = Number((value / 10).toPrecision(1));
      return {
        inputs: { d, base, pair },
        prompt: `RoPE with head size d = ${d} and base ${base}: by how many radians does pair ${pair} turn from one position to the next? (within ${tolerance})`,
        figure: null,
        answer: { type: 'number', value, tolerance, label: `θ of pair ${pair}` },
        tolerance,
        check: (guess) => ({
          correct: Math.abs(guess - value) <= tolerance,
          why: `θ_i = base^(−2i/d) = ${base}^(−${2 * pair}/${d}) = ${value.toPrecision(3)}${Math.abs(guess - value) <= tolerance ? '' : `, not ${guess}`}. Pair 0 turns one radian a step; each pair after it turns base^(2/d) times slower.`,
        }),
        solution: `${value.toPrecision(3)} radians.`,
      };
    });
  },
};

const shifted = {
  id: 'shifted-score',
  section: 'rope',
  version: 1,
  kind: 'predict',
  title: 'Shift both positions',
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const contentSeed = rng.seed();
      const m = rng.int(3, 15), n = rng.int(0, 2), shift = rng.pick([100, 1000, 3000]);
      const before = at(core.rotaryLesson({ d: 16, seed: contentSeed }).scores, m, n);
      const after = at(core.rotaryLesson({ d: 16, seed: contentSeed, offset: shift }).scores, m, n);
      if (Math.abs(before) < 0.1) return null; // "the same" must not also read as "about zero"
      const options = ['larger', 'the same', 'smaller'];
      const index = Math.abs(after - before) < 1e-9 ? 1 : after > before ? 0 : 2;
      return {
        inputs: { contentSeed, m, n, shift },
        prompt: `Content seed ${contentSeed}, d = 16, base 10,000: the query at position ${m} and the key at position ${n} score ${f3(before)}. Move both ${shift} positions later (${m + shift} and ${n + shift}). Is the score larger, the same, or smaller?`,
        figure: null,
        answer: { type: 'choice', options, index },
        margin: 1,
        check: (choice) => ({
          correct: choice === index,
          why: `It is ${f3(after)} against ${f3(before)}: the same up to rounding (${Math.abs(after - before).toExponential(1)}). Both vectors turn by ${shift} θ_i more in every pair, so the angle between them, set by m − n = ${m - n}, does not change.`,
        }),
        solution: `the same: ${f2(after)}.`,
      };
    });
  },
};

export default [pairSpeed, shifted];
