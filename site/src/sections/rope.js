// Section 14, rotary position embedding.
//   d, base, pair, offset, interpolation factor, content seed -> core.rotaryLesson (one call)
//   -> (a) the pair of q and k turning with position, (b) the score matrix and its
//   largest spread along a diagonal, (c) RoFormer's decay bound, (d) one head's
//   scores by distance under sinusoidal encodings, ALiBi and RoPE.
import { format } from 'd3';
import { bindControls } from '../ui/controls.js';
import { perFrame } from '../ui/frame.js';
import { newSeed } from '../ui/seed.js';
import { heatmap } from '../charts/heatmap.js';
import { lineChart } from '../charts/line.js';
import { scatter } from '../charts/scatter.js';

const POSITIONS = 16;
const DECAY_OFFSETS = 512;
const OPTIONS = ['d', 'base', 'pair', 'offset', 'scale', 'seed'];
const tiny = format('.1e');
const range = (n, from = 0) => Array.from({ length: n }, (_, i) => from + i);
// The key a query point links to: the one at its own position. One function, so a
// scatter handed the same points again sees the same data (charts/equal.js).
const samePosition = (i) => [{ index: i, value: 0.4 }];

export default {
  id: 'rope',
  init(root, core) {
    const chart = (name) => root.querySelector(`[data-chart="${name}"]`);
    const pairs = scatter(chart('pairs'), {
      xTitle: 'first dimension of the pair', yTitle: 'second dimension', height: 300,
      readout: ({ label }) => `q and k at position ${label}: both turned by the same angle`,
      hint: 'Each point is labelled with its position. Point at (or focus, then use the arrow keys on) a query point to see the key at the same position.',
    });
    const scores = heatmap(chart('scores'), {
      diverging: true, domain: 'auto', rowTitle: 'query position m', colTitle: 'key position n', format: '.2f', maxCell: 36,
      // Painted on canvas as the large heatmaps are: d, base, s and the seed change all 256 numbers,
      // and as SVG cells they were most of a step's layout (about 1,300 dirty layout objects).
      svgLimit: 0,
      readout: (c) => `q at ${c.rowLabel} · k at ${c.colLabel} / √d = ${c.value.toFixed(3)} (m − n = ${c.row - c.col})`,
    });
    const spread = root.querySelector('[data-rope="spread"]');
    const decay = lineChart(chart('decay'), { xTitle: 'offset m − n', yTitle: 'relative upper bound', format: '.2f' });
    const byDistance = ['sinusoidal', 'alibi', 'rope'].map((kind) => [kind,
      lineChart(chart(`by-${kind}`), { xTitle: 'distance back r', yTitle: 'score', markers: true, height: 200 })]);
    const pairEl = root.querySelector('input[name="pair"]');
    let decayShown = ''; // the d/base/scale of the decay bound drawn

    function update(changed, state) {
      // The pair slider ends at the last pair of this d; a larger pair moves down with it.
      const lastPair = Math.max(0, state.d / 2 - 1);
      if (changed === 'd') {
        pairEl.max = String(lastPair);
        if (state.pair > lastPair) controls.put('pair', lastPair); // drawn below, in this frame
      }
      // The decay bound depends on d, base and scale alone: asked for only when one of them changed.
      const decayKey = `${state.d}/${state.base}/${state.scale}`;
      const newDecay = decayKey !== decayShown;
      let r;
      try {
        r = core.rotaryLesson({
          d: state.d, base: state.base, pair: state.pair, offset: state.offset, scale: state.scale, seed: state.seed,
          positions: POSITIONS, decayOffsets: newDecay ? DECAY_OFFSETS : 0,
        });
      } catch (error) {
        controls.error(OPTIONS.includes(error.field) ? error.field : changed, error.message);
        return;
      }
      controls.clearErrors();
      const labels = range(POSITIONS, state.offset).map(String);
      // Line charts first: they measure their width, free before the heatmap changes the page.
      if (newDecay) {
        decay.update({ x: range(DECAY_OFFSETS + 1), series: [{ name: `d = ${state.d}, base ${state.base}, s = ${state.scale}`, values: r.decayBound }] });
        decayShown = decayKey;
      }
      for (const [kind, line] of byDistance) {
        line.update({ x: range(POSITIONS), series: [{ name: kind === 'rope' ? 'RoPE' : kind === 'alibi' ? 'ALiBi' : 'sinusoidal', values: r.byDistance[kind] }] });
      }
      pairs.update({
        groups: [
          { name: `q, pair ${state.pair}`, points: r.qPair, labels },
          { name: `k, pair ${state.pair}`, points: r.kPair, labels },
        ],
        links: samePosition,
      });
      scores.update({ matrix: r.scores, rowLabels: labels, colLabels: labels });
      spread.textContent = `Largest spread along one diagonal (max − min, computed by the core): ${tiny(r.diagonalSpread)}`;
    }

    const controls = bindControls(root, perFrame(update)); // one redraw per frame while a slider moves
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    root.querySelectorAll('[data-base]').forEach((button) => {
      button.addEventListener('click', () => controls.set('base', Number(button.dataset.base)));
    });
    pairEl.max = String(Math.max(0, controls.state.d / 2 - 1));
    update('d', controls.state);
  },
};
