// Section 11, entropy: n -> core.focusRows (fixed rows) / core.dirichletRows
// (random rows) / core.temperatureRow (one row at a temperature). Each figure
// is one core call returning the rows, their entropies and ln n; the page only
// draws them. Sliders step through fixed ladders of values (log-spaced, so
// small concentrations and temperatures get as much travel as large ones).
import { bindControls } from '../ui/controls.js';
import { heatmap } from '../charts/heatmap.js';
import { barChart } from '../charts/bars.js';
import { newSeed } from '../ui/seed.js';

const CONCENTRATIONS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5, 10, 20, 50, 100];
const TEMPERATURES = [0.01, 0.015, 0.02, 0.03, 0.05, 0.07, 0.1, 0.15, 0.2, 0.3, 0.5, 0.7,
  1, 1.5, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100];
const RANDOM_ROWS = 6;

const nats = (h) => `H = ${h.toFixed(2)}`;
const keyLabels = (n) => Array.from({ length: n }, (_, j) => String(j));
const ceiling = (max) => [{ y: max, label: `ln n = ${max.toFixed(2)}` }];

export default {
  id: 'entropy',
  init(root, core) {
    const chart = (name) => root.querySelector(`[data-chart="${name}"]`);
    // Canvas cells at every n (svgLimit 0): n changes every cell of both row charts, and as SVG
    // their placing and layout were most of a step (1,100 layout objects at n = 64).
    const rowsOptions = { rowTitle: '', colTitle: 'key', maxCell: 34, format: '.2f', svgLimit: 0 };
    const fixedRows = heatmap(chart('fixed-rows'), rowsOptions);
    const fixedBars = barChart(chart('fixed-entropy'), { yTitle: 'entropy (nats)', height: 190, series: 3 });
    const randomRows = heatmap(chart('random-rows'), rowsOptions);
    const randomBars = barChart(chart('random-entropy'), { yTitle: 'entropy (nats)', height: 190, series: 1 });
    const tempBars = barChart(chart('temperature'), {
      yTitle: 'weight', xTitle: 'key', yDomain: [0, 1], height: 220, series: 4,
      readout: (b) => `key ${b.label}: weight ${b.value.toFixed(3)}`,
    });
    const tempReadout = root.querySelector('[data-readout="temperature"]');
    const tempMeter = root.querySelector('[data-meter="temperature"]');
    const label = (name) => root.querySelector(`[data-label-for="${name}"]`);

    function drawFixed(state) {
      const r = core.focusRows(state.n);
      fixedRows.update({ matrix: r.weights, rowLabels: r.names, colLabels: keyLabels(state.n), rowNotes: Array.from(r.entropy, nats) });
      fixedBars.update({ labels: r.names, values: r.entropy, refs: ceiling(r.maxEntropy) });
    }

    function drawRandom(state) {
      const concentration = CONCENTRATIONS[state.concentration];
      label('concentration').textContent = String(concentration);
      const r = core.dirichletRows(RANDOM_ROWS, state.n, { concentration, seed: state.seed });
      const names = Array.from({ length: RANDOM_ROWS }, (_, i) => `draw ${i + 1}`);
      randomRows.update({ matrix: r.weights, rowLabels: names, colLabels: keyLabels(state.n), rowNotes: Array.from(r.entropy, nats) });
      randomBars.update({ labels: names, values: r.entropy, refs: ceiling(r.maxEntropy) });
    }

    function drawTemperature(state) {
      const temperature = TEMPERATURES[state.temperature];
      label('temperature').textContent = String(temperature);
      const r = core.temperatureRow(state.n, temperature);
      tempBars.update({ labels: keyLabels(state.n), values: r.weights.data });
      tempReadout.textContent = `Entropy H = ${r.entropy.toFixed(3)} nats of at most ln ${state.n} = ${r.maxEntropy.toFixed(3)}`;
      tempMeter.max = r.maxEntropy;
      tempMeter.value = r.entropy;
    }

    // Each control redraws only the figures that depend on it; an error goes
    // next to the control that caused it and the last good figures stay.
    const draws = {
      n: [drawFixed, drawRandom, drawTemperature],
      concentration: [drawRandom],
      seed: [drawRandom],
      temperature: [drawTemperature],
    };

    function update(changed, state) {
      try {
        draws[changed].forEach((draw) => draw(state));
        controls.error(changed, '');
      } catch (error) {
        controls.fail(error, changed);
      }
    }

    const controls = bindControls(root, update).describe(() => ({
      concentrationValue: CONCENTRATIONS[controls.state.concentration],
      temperatureValue: TEMPERATURES[controls.state.temperature],
    }));
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    update('n', controls.state);
  },
};
