// Section 11's exercises: the temperature sets how spread a row is (the same
// scores go from one-hot to uniform), and entropy measures that spread (a
// peaked random row has little). Inputs as the section's figures take them:
// n, the slider's temperatures, concentration and seed, core.temperatureRow
// and core.dirichletRows.
import { firstAccepted } from './random.js';
import { best, f2 } from './text.js';

const TEMPERATURES = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5, 7, 10];
const CONCENTRATIONS = [0.3, 0.5, 1, 2];
const ROWS = 6;

const halfEntropy = {
  id: 'half-entropy',
  section: 'entropy',
  version: 1,
  kind: 'which',
  title: 'Half the maximum',
  minMargin: 0.05,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const n = rng.int(4, 20);
      const rows = TEMPERATURES.map((t) => core.temperatureRow(n, t));
      const half = rows[0].maxEntropy / 2;
      const closest = best(rows.map((r) => Math.abs(r.entropy - half)), { lowest: true }).index;
      // Four neighbouring temperatures of the slider, one of them the closest.
      const start = Math.max(0, Math.min(TEMPERATURES.length - 4, closest - rng.int(0, 3)));
      const shown = [start, start + 1, start + 2, start + 3];
      const gaps = shown.map((k) => Math.abs(rows[k].entropy - half));
      const { index, margin } = best(gaps, { lowest: true });
      if (margin < this.minMargin) return null;
      const row = (k) => `at T = ${TEMPERATURES[shown[k]]}, H = ${f2(rows[shown[k]].entropy)}`;
      return {
        inputs: { n, temperatures: shown.map((k) => TEMPERATURES[k]) },
        prompt: `Scores falling evenly from 2 to −2 over n = ${n} keys, divided by a temperature T. At which temperature is the row's entropy closest to half its maximum, ln ${n} / 2 = ${f2(half)} nats?`,
        figure: null,
        answer: { type: 'choice', options: shown.map((k) => `T = ${TEMPERATURES[k]}`), index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `${choice === index ? '' : `${row(choice)}. `}The closest is ${row(index)}. A low temperature sharpens the softmax towards one key (H near 0), a high one flattens it towards uniform (H near ln n): the spread depends on the scale of the scores as much as on their order.`,
        }),
        solution: `T = ${TEMPERATURES[shown[index]]} (H = ${f2(rows[shown[index]].entropy)} nats against half the maximum, ${f2(half)}).`,
      };
    });
  },
};

const peakedRow = {
  id: 'lowest-entropy',
  section: 'entropy',
  version: 1,
  kind: 'pick',
  title: 'The most focused row',
  minMargin: 0.1,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const n = rng.int(5, 10);
      const concentration = rng.pick(CONCENTRATIONS);
      const rowsSeed = rng.seed();
      const r = core.dirichletRows(ROWS, n, { concentration, seed: rowsSeed });
      const { index, margin } = best(Array.from(r.entropy), { lowest: true });
      if (margin < this.minMargin) return null;
      const names = Array.from({ length: ROWS }, (_, i) => `draw ${i + 1}`);
      return {
        inputs: { n, concentration, seed: rowsSeed },
        prompt: `Six random rows of n = ${n} weights (Dirichlet, α = ${concentration}, seed ${rowsSeed}). Which row has the lowest entropy?`,
        figure: {
          type: 'heatmap', matrix: r.weights, rowLabels: names, colLabels: Array.from({ length: n }, (_, j) => String(j)),
          rowTitle: '', colTitle: 'key',
        },
        caption: 'Computed from random draws, as in the section’s figure B.',
        answer: { type: 'cell', row: index },
        margin,
        check: ({ row }) => ({
          correct: row === index,
          why: `${row === index ? '' : `Draw ${row + 1} has H = ${f2(r.entropy[row])} nats. `}Draw ${index + 1} has the lowest, H = ${f2(r.entropy[index])} of at most ln ${n} = ${f2(r.maxEntropy)}: the more of its weight sits on one or two keys, the lower the entropy.`,
        }),
        solution: `draw ${index + 1}, H = ${f2(r.entropy[index])} nats.`,
      };
    });
  },
};

export default [halfEntropy, peakedRow];
