// Section 4's exercises: PE(p)·PE(p) = d/2 for every position (each sin/cos
// pair adds sin² + cos² = 1), and similarity is a sum of cosines, not a
// distance: a farther position can be more similar. Inputs as the section's
// figure takes them: n, d_model, a position, core.positionSimilarity.
import { firstAccepted } from './random.js';
import { at, f2 } from './text.js';

const N = 40;

const selfSimilarity = {
  id: 'self-similarity',
  section: 'positional-encoding',
  version: 1,
  kind: 'estimate',
  title: 'A position with itself',
  tolerance: 0.05,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const d = rng.pick([8, 16, 32, 64, 128]);
      const p = rng.int(0, N - 1);
      const r = core.positionSimilarity(N, d, { positions: [p] });
      const value = at(r.similarity, p, p);
      return {
        inputs: { d, p },
        prompt: `With d_model = ${d}, what is the similarity PE(${p})·PE(${p}) of position ${p} with itself? (within ${this.tolerance})`,
        figure: null,
        answer: { type: 'number', value, tolerance: this.tolerance, label: 'PE·PE' },
        check: (guess) => ({
          correct: Math.abs(guess - value) <= this.tolerance,
          why: `The encoding pairs a sine and a cosine of the same angle in each of its d/2 = ${d / 2} pairs of columns, and sin² + cos² = 1, so every position has PE·PE = d/2 = ${f2(value)}${Math.abs(guess - value) <= this.tolerance ? '' : `, not ${guess}`}, wherever it stands.`,
        }),
        solution: `${f2(value)} = d/2: one for each sine-cosine pair.`,
      };
    });
  },
};

const nearOrFar = {
  id: 'near-or-far',
  section: 'positional-encoding',
  version: 1,
  kind: 'predict',
  title: 'Nearer is not always more similar',
  minMargin: 0.3,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const d = rng.pick([8, 16]);
      const p = rng.int(0, 9);
      const near = p + rng.int(4, 12);
      const far = near + rng.int(3, 15);
      if (far >= N) return null;
      const r = core.positionSimilarity(N, d, { positions: [p] });
      const sNear = at(r.similarity, p, near);
      const sFar = at(r.similarity, p, far);
      const margin = Math.abs(sNear - sFar);
      // Keep the surprising half: the farther position is the more similar one, or the learner could guess "nearer" always.
      if (margin < this.minMargin || (sFar < sNear && rng.int(0, 2) > 0)) return null;
      const index = sNear > sFar ? 0 : 1;
      const row = { rows: 1, cols: N, data: r.rows.data };
      return {
        inputs: { d, p, near, far },
        prompt: `With d_model = ${d}: is position ${p} more similar (a larger PE·PE) to position ${near} or to position ${far}? Predict, then the figure shows position ${p}'s similarity to every position.`,
        figure: null,
        reveal: {
          type: 'heatmap', matrix: row, rowLabels: [`PE(${p})·`], colLabels: Array.from({ length: N }, (_, j) => String(j)),
          colTitle: 'position', domain: 'auto', diverging: true, format: '.1f',
        },
        revealCaption: `Computed from a formula: PE(${p})·PE(j) for every position j, at d_model = ${d}.`,
        answer: { type: 'choice', options: [`Position ${near}`, `Position ${far}`], index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `PE(${p})·PE(${near}) = ${f2(sNear)} and PE(${p})·PE(${far}) = ${f2(sFar)}. The similarity is a sum of cosines of (i − j) times each frequency, so it wiggles as the distance grows${index === 1 ? ': here the farther position is the more similar' : ''}. With a small d_model the ripples are large.`,
        }),
        solution: `position ${index === 0 ? near : far} (${f2(sNear)} against ${f2(sFar)} for ${near} and ${far}).`,
      };
    });
  },
};

export default [selfSimilarity, nearOrFar];
