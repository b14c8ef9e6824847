// Section 18's exercises: how far back L layers of a window reach, and which of
// two ways of growing a model reaches farther. Inputs as the section's figure
// takes them: core.receptiveField over 64 positions.
import { firstAccepted } from './random.js';

const N = 64;

const reach = {
  id: 'reach',
  section: 'windows',
  version: 1,
  kind: 'estimate',
  title: 'How far back',
  tolerance: 0,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const window = rng.int(2, 12);
      const layers = rng.int(2, 6);
      const rf = core.receptiveField({ n: N, window, layers });
      const farthest = rf.farthest[layers - 1];
      if (farthest >= N - 1) return null; // the whole context: the question would not show the growth
      return {
        inputs: { window, layers },
        prompt: `Every layer attends over a sliding window of w = ${window} keys (the query itself included), with no sinks. After L = ${layers} layers, how many positions back can information reach the last position from?`,
        figure: null,
        answer: { type: 'number', value: farthest, tolerance: 0, label: 'positions back' },
        check: (value) => ({
          correct: value === farthest,
          why: `${farthest} positions back: each layer looks w − 1 = ${window - 1} positions further, and ${layers} layers stack that ${layers} times. One window alone reaches only ${window - 1}.`,
        }),
        solution: `${farthest} positions.`,
      };
    });
  },
};

const widerOrDeeper = {
  id: 'wider-or-deeper',
  section: 'windows',
  version: 1,
  kind: 'which',
  title: 'Wider or deeper',
  minMargin: 1,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const configs = [[rng.int(2, 8), rng.int(2, 8)], [rng.int(2, 8), rng.int(2, 8)]];
      const [a, b] = configs.map(([window, layers]) => core.receptiveField({ n: N, window, layers }).farthest[layers - 1]);
      const margin = Math.abs(a - b);
      if (margin < this.minMargin || Math.max(a, b) >= N - 1) return null;
      const index = a > b ? 0 : 1;
      const name = ([w, L]) => `window ${w}, ${L} layers`;
      return {
        inputs: { configs },
        prompt: `Which of two models lets the last position draw on information from farther back: ${name(configs[0])}, or ${name(configs[1])}?`,
        figure: null,
        answer: { type: 'choice', options: configs.map(name), index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `${name(configs[0])} reaches ${a} positions back, ${name(configs[1])} ${b}: the reach is L (w − 1), so depth and width trade one for the other.`,
        }),
        solution: `${name(configs[index])} (${Math.max(a, b)} positions back against ${Math.min(a, b)}).`,
      };
    });
  },
};

export default [reach, widerOrDeeper];
