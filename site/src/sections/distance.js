// Section 9, attention and distance.
//   Part A: n and three widths -> core.distanceDecays -> three heatmaps + mean-by-distance curves.
//   Part B: sentence, seed, heads, slope multiplier, causal -> core.alibiAttention
//           -> one heatmap per head (with the penalty) + mean-by-distance without/with it.
// One bindControls state for the section; each control redraws its own part.
import { format } from 'd3';
import { bindControls } from '../ui/controls.js';
import { perFrame } from '../ui/frame.js';
import { heatmapGrid } from '../charts/grid.js';
import { lineChart } from '../charts/line.js';
import { newSeed } from '../ui/seed.js';
import { wordReader } from '../ui/words.js';

const DECAY_CONTROLS = ['n', 'linearWidth', 'expWidth', 'gaussWidth'];
const DECAYS = [
  { key: 'linear', title: 'Linear', control: 'linearWidth' },
  { key: 'exponential', title: 'Exponential', control: 'expWidth' },
  { key: 'gaussian', title: 'Gaussian', control: 'gaussWidth' },
];
const percent = format('.0%');
const slope = format('.3~g');
const positions = (n) => Array.from({ length: n }, (_, i) => String(i + 1));
const distances = (n) => Array.from({ length: n }, (_, d) => d);

export default {
  id: 'distance',
  init(root, core) {
    // Both grids paint canvas cells at every size (svgLimit 0): n and the heads moved them across
    // the SVG limit (three panels up to n = 11, one or two heads), and each crossing built or
    // removed hundreds of SVG cell groups.
    const decayGrid = heatmapGrid(root.querySelector('[data-chart="decays"]'), {
      linked: true, minPanel: 240, domain: 'auto', rowTitle: 'query position', colTitle: 'key position', format: '.3f',
      svgLimit: 0,
    });
    // Dots on each distance while they stay apart (up to 32): at n = 64, three curves' 192 dots
    // crowded the lines, and each step of n moved every one.
    const decayCurves = lineChart(root.querySelector('[data-chart="decay-curves"]'), {
      xTitle: 'distance |i − j|', yTitle: 'mean weight', markers: 'auto',
    });
    const alibiGrid = heatmapGrid(root.querySelector('[data-chart="alibi"]'), {
      linked: true, minPanel: 420, domain: 'auto', rowTitle: 'query', colTitle: 'key', format: '.3f', svgLimit: 0,
    });
    const alibiCurves = lineChart(root.querySelector('[data-chart="alibi-curves"]'), {
      xTitle: 'distance |i − j|', yTitle: 'mean weight', markers: true,
    });
    const readWords = wordReader(core);
    let words = null; // the last sentence that tokenized

    function drawDecays(changed, state) {
      try {
        const r = core.distanceDecays(state.n, {
          linear: state.linearWidth, exponential: state.expWidth, gaussian: state.gaussWidth,
        });
        DECAY_CONTROLS.forEach((name) => controls.error(name, ''));
        const labels = positions(state.n);
        // Curves first: a line chart measures its width, which is free before the
        // heatmaps change the page and a forced reflow after (heatmaps measure on resize only).
        decayCurves.update({
          x: distances(state.n),
          series: DECAYS.map((d) => ({ name: `${d.title} (width ${state[d.control]})`, values: r.meanByDistance[d.key] })),
        });
        decayGrid.update(DECAYS.map((d) => ({
          title: d.title, note: `width ${state[d.control]}`, matrix: r[d.key], rowLabels: labels, colLabels: labels,
        })));
      } catch (error) {
        controls.error(DECAY_CONTROLS.includes(changed) ? changed : 'n', error.message);
      }
    }

    function drawAlibi(changed, state) {
      const next = readWords(changed, state, controls);
      if (!next) return;
      words = next;
      try {
        const r = core.alibiAttention(words, {
          seed: state.seed, heads: state.heads, slopeScale: state.slopeScale, causal: state.causal,
        });
        ['seed', 'heads', 'slopeScale', 'causal'].forEach((name) => controls.error(name, ''));
        alibiCurves.update({ // curves first, as in drawDecays
          x: distances(words.length),
          series: [
            { name: 'without the penalty', values: r.meanPlain },
            { name: 'with the ALiBi penalty', values: r.meanBiased },
          ],
        });
        alibiGrid.update(r.biased.map((matrix, h) => ({
          title: `Head ${h + 1} · m = ${slope(r.slopes[h])}`,
          note: `Weight within one word: ${percent(r.nearBiased[h])} (no penalty: ${percent(r.nearPlain[h])})`,
          matrix, blocked: r.mask || undefined, rowLabels: words, colLabels: words,
        })));
      } catch (error) {
        controls.fail(error, 'seed');
      }
    }

    function update(changed, state) {
      if (DECAY_CONTROLS.includes(changed)) drawDecays(changed, state);
      else drawAlibi(changed, state);
    }

    const controls = bindControls(root, perFrame(update, (changed) => (DECAY_CONTROLS.includes(changed) ? 'decays' : 'alibi'))); // one redraw per frame while a slider moves
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    drawDecays('n', controls.state);
    drawAlibi('sentence', controls.state);
  },
};
