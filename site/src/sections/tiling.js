// Section 17, attention without the n x n matrix: n, block sizes, mask and seed
// -> core.tilingLesson (one call: the inputs, standard attention and the tiled
// run with its per-tile trace) -> the scores revealed tile by tile and each
// row's partial output with its running m and l. The step slider only picks how
// many tiles of that trace to show. Memory and slow-memory counts over n come
// from core.attentionMemory and core.attentionIo.
import { bindControls } from '../ui/controls.js';
import { perFrame } from '../ui/frame.js';
import { heatmap } from '../charts/heatmap.js';
import { lineChart } from '../charts/line.js';
import { newSeed } from '../ui/seed.js';

const D = 8;          // the lesson's head dimension
const IO_D = 64;      // the paper's GPT-2 head dimension, for the traffic chart
const NS = [64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384];
const MAX_N = 48;
const number = (x) => (x === -Infinity ? '−∞' : x.toFixed(1));
const count = (x) => Math.round(x).toLocaleString('en-US');

export default {
  id: 'tiling',
  init(root, core) {
    const scoresChart = heatmap(root.querySelector('[data-chart="scores"]'), {
      rowTitle: 'query i', colTitle: 'key j', domain: 'auto', diverging: true, maxCell: 28, format: '.2f',
      svgLimit: 0, // canvas at every n: n changes every cell, and SVG cells were most of a step's cost
      readout: (c) => `score of query ${c.rowLabel} and key ${c.colLabel}: ${c.value.toFixed(3)}`,
      legendNote: 'scores of this draw',
    });
    const partialChart = heatmap(root.querySelector('[data-chart="partial"]'), {
      rowTitle: 'query i', colTitle: 'output dimension', domain: 'auto', diverging: true, maxCell: 28, format: '.2f',
      // At most 640 px tall: rows of 13 px at n = 48 still carry every row's m / ℓ note, and the
      // figure stays beside the scores instead of running 1,344 px down the page.
      maxHeight: 640, svgLimit: 0,
      readout: (c) => `row ${c.rowLabel}, dimension ${c.colLabel}: ${c.value.toFixed(3)} so far`,
      legendNote: 'outputs of this draw',
    });
    const memoryChart = lineChart(root.querySelector('[data-chart="memory"]'), {
      xTitle: 'n', yTitle: 'bytes', xScale: 'log', yScale: 'log', format: '.3s', yFormat: '.0s', markers: true,
    });
    const ioChart = lineChart(root.querySelector('[data-chart="io"]'), {
      xTitle: 'N', yTitle: 'numbers read or written', xScale: 'log', yScale: 'log', format: '.3s', yFormat: '.0s', markers: true,
    });
    const stepInput = root.querySelector('input[name="step"]');
    const readout = root.querySelector('[data-tiling-readout]');
    const ioReadout = root.querySelector('[data-io-readout]');
    const sramLabel = root.querySelector('[data-sram-label]');
    let lesson = null;
    let key = '';
    let costsKey = '';

    function drawStep(step) {
      const n = lesson.Q.rows;
      const { tiled } = lesson;
      const tr = tiled.trace;
      const done = Math.min(step, tiled.tiles);
      // Which cells of S are computed after `done` tiles, and how many key blocks each row has seen.
      const hidden = new Float64Array(n * n).fill(1);
      const seen = new Int32Array(tiled.rowBlocks);
      for (let k = 0; k < done; k++) {
        seen[tr.rowBlock[k]] += 1;
        if (tr.skipped[k]) continue;
        for (let r = tr.rowStart[k]; r < tr.rowStart[k] + tr.rowCount[k]; r++) {
          for (let c = tr.colStart[k]; c < tr.colStart[k] + tr.colCount[k]; c++) {
            hidden[r * n + c] = lesson.mask ? lesson.mask.data[r * n + c] : 0;
          }
        }
      }
      const labels = Array.from({ length: n }, (_, i) => String(i));
      scoresChart.update({ matrix: lesson.scores, blocked: { rows: n, cols: n, data: hidden }, rowLabels: labels, colLabels: labels });
      // Each row as it stands: the trace's state after the last key block its query block has seen.
      const partial = new Float64Array(n * D);
      const untouched = new Float64Array(n * D);
      const notes = [];
      let block = 0; // row r's query block; tiles 0 .. T_r - 1 are key block 0's, one per query block
      for (let r = 0; r < n; r++) {
        while (block + 1 < tiled.rowBlocks && tr.rowStart[block + 1] <= r) block += 1;
        const j = seen[block] - 1;
        const m = j < 0 ? -Infinity : tr.m.data[j * n + r];
        const l = j < 0 ? 0 : tr.l.data[j * n + r];
        if (l > 0) partial.set(tr.partial.data.subarray((j * n + r) * D, (j * n + r + 1) * D), r * D);
        else untouched.fill(1, r * D, (r + 1) * D);
        notes.push(`${number(m)} / ${number(l)}`);
      }
      partialChart.update({
        matrix: { rows: n, cols: D, data: partial }, blocked: { rows: n, cols: D, data: untouched },
        rowLabels: labels, colLabels: Array.from({ length: D }, (_, i) => String(i + 1)), rowNotes: notes,
      });
      const skipped = lesson.mask ? ` The causal mask skips ${tiled.skippedTiles} of the ${tiled.tiles} tiles whole.` : '';
      if (done === 0) {
        readout.textContent = `No tile computed yet: every row starts with m = −∞, ℓ = 0 and a zero output (Algorithm 1, line 2). ${tiled.rowBlocks} query blocks × ${tiled.colBlocks} key blocks = ${tiled.tiles} tiles.${skipped}`;
        return;
      }
      const k = done - 1;
      const [r0, c0] = [tr.rowStart[k], tr.colStart[k]];
      const last = r0 + tr.rowCount[k] - 1;
      scoresChart.highlight(last, c0 + tr.colCount[k] - 1);
      const tile = `Tile ${done} of ${tiled.tiles}: queries ${r0}–${last} × keys ${c0}–${c0 + tr.colCount[k] - 1}`
        + (tr.skipped[k] ? ', skipped (every entry masked).' : '.');
      const end = done === tiled.tiles
        ? ` All tiles done; largest difference from standard attention on the same inputs: ${lesson.maxDifference.toExponential(1)}.`
        : '';
      readout.textContent = `${tile}${end}${skipped}`;
    }

    function drawCosts(state) {
      const memory = core.attentionMemory(NS, { d: D, blockRows: state.blockRows, blockCols: state.blockCols });
      memoryChart.update({
        x: NS, series: [
          { name: 'standard: scores and weights', values: memory.standard },
          { name: 'tiled: one tile, m and ℓ', values: memory.tiled },
          { name: 'inputs and output (both)', values: memory.inputs },
        ],
      });
      const M = 2 ** state.sram;
      sramLabel.textContent = `2^${state.sram} = ${count(M)} numbers`;
      const io = core.attentionIo(NS, { d: IO_D, M });
      ioChart.update({
        x: NS, series: [
          { name: 'standard (Algorithm 0)', values: io.standard },
          { name: `tiled (Algorithm 1), B_c = ${io.blockCols}, B_r = ${io.blockRows}`, values: io.tiled },
        ],
      });
      const at = NS.indexOf(1024);
      const first = NS.find((_, i) => io.inRange[i] === 1);
      const range = first === undefined ? ' No N here is in Theorem 2’s range d ≤ M ≤ Nd.'
        : first > NS[0] ? ` Theorem 2’s range d ≤ M ≤ Nd starts at N = ${first} here; below it M > Nd, more than a whole N × d matrix.` : '';
      ioReadout.textContent = `d = ${IO_D}, M = ${count(M)}: B_c = ⌈M/4d⌉ = ${io.blockCols}, B_r = ${io.blockRows}. `
        + `At N = 1024: standard ${count(io.standard[at])}, tiled ${count(io.tiled[at])} numbers read or written.${range}`;
    }

    function update(changed, state) {
      const next = `${state.n}/${state.blockRows}/${state.blockCols}/${state.causal}/${state.seed}`;
      if (next !== key || !lesson) {
        const first = !lesson;
        try {
          lesson = core.tilingLesson({ n: state.n, d: D, blockRows: state.blockRows, blockCols: state.blockCols, causal: state.causal, seed: state.seed });
        } catch (error) {
          controls.error(error.field && error.field !== 'd' ? error.field : changed, error.message);
          return;
        }
        key = next;
        stepInput.max = String(lesson.tiled.tiles);
        // New tiles show their last step; the first draw keeps a step a link asked for.
        const wanted = first ? Math.min(state.step, lesson.tiled.tiles) : lesson.tiled.tiles;
        if (state.step !== wanted) controls.put('step', wanted); // drawn below, in this frame
      }
      const costs = `${state.blockRows}/${state.blockCols}/${state.sram}`;
      if (costs !== costsKey) {
        try {
          drawCosts(state);
        } catch (error) {
          controls.error(error.field || changed, error.message);
          return;
        }
        costsKey = costs;
      }
      controls.clearErrors();
      drawStep(state.step);
    }

    stepInput.max = String(MAX_N * MAX_N); // so a link's step is checked against the most tiles there can be
    // One redraw per frame while a slider moves; the lesson and the cost charts each by their own key.
    const controls = bindControls(root, perFrame(update, (changed) => (changed === 'sram' ? 'costs' : 'lesson')))
      .describe(() => ({ d: D, ioD: IO_D }));
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    update('n', controls.state);
  },
};
