// Section 9's exercises: ALiBi's slopes (head h of H gets 2^(-8h/H)), and a
// distance penalty moving weight towards near words, most in the steepest head.
// Inputs as the section's figure B takes them: sentence, seed, heads, slope
// multiplier, causal, core.alibiAttention.
import { firstAccepted } from './random.js';
import { PLAIN, best, f2, f3 } from './text.js';

const p3 = (x) => String(Number(x.toPrecision(3)));

const slope = {
  id: 'slope',
  section: 'distance',
  version: 1,
  kind: 'estimate',
  title: 'A head’s slope',
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const heads = rng.pick([2, 4, 8]);
      const h = rng.int(1, Math.floor((5 * heads) / 8)); // slopes down to 2^-5: readable to three decimals
      const r = core.alibiAttention(core.tokenize('the cat sat'), { heads, slopeScale: 1, seed: 1 });
      const value = r.slopes[h - 1];
      const tolerance = Number((value / 10).toPrecision(1));
      return {
        inputs: { heads, h },
        prompt: `ALiBi with ${heads} heads at the published slopes (multiplier 1): what is head ${h}'s slope m, the penalty per word of distance? (within ${tolerance})`,
        figure: null,
        answer: { type: 'number', value, tolerance, label: `Slope of head ${h}` },
        tolerance,
        check: (guess) => ({
          correct: Math.abs(guess - value) <= tolerance,
          why: `Head h of H gets m = 2^(−8h/H) (Press et al., 2022, section 3): 2^(−${(8 * h) / heads}) = ${p3(value)}${Math.abs(guess - value) <= tolerance ? '' : `, not ${guess}`}. Each head halves (or more) the slope of the one before, so the first heads see near words and the last see far.`,
        }),
        solution: `${p3(value)} = 2^(−8·${h}/${heads}).`,
      };
    });
  },
};

const steepest = {
  id: 'near-share',
  section: 'distance',
  version: 1,
  kind: 'which',
  title: 'Which head moves closer?',
  minMargin: 0.02,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const sentence = rng.pick(PLAIN);
      const weightsSeed = rng.seed();
      const slopeScale = rng.pick([1, 2, 4]);
      const words = core.tokenize(sentence);
      const r = core.alibiAttention(words, { heads: 4, slopeScale, seed: weightsSeed, causal: true });
      const gains = r.nearBiased.map((v, k) => v - r.nearPlain[k]);
      const { index, margin } = best(Array.from(gains));
      if (margin < this.minMargin) return null;
      const list = Array.from(gains, (g, k) => `head ${k + 1} (m = ${f3(r.slopes[k])}) ${g >= 0 ? '+' : ''}${f2(g)}`).join(', ');
      return {
        inputs: { sentence, seed: weightsSeed, slopeScale },
        prompt: `“${sentence}”, seed ${weightsSeed}, 4 heads, causal. Add ALiBi's penalty with multiplier ${slopeScale}: which head's share of weight within one word grows the most?`,
        figure: null,
        answer: { type: 'choice', options: ['Head 1', 'Head 2', 'Head 3', 'Head 4'], index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `The share within one word, with the penalty minus without: ${list}. The steepest slope takes the most from far keys, so its near share grows most.`,
        }),
        solution: `head ${index + 1}, by ${f2(gains[index])}.`,
      };
    });
  },
};

export default [slope, steepest];
