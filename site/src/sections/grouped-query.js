// Section 15, sharing keys and values.
//   Part A: sentence, h, g, seed -> core.groupedQuery -> one heatmap per query head.
//   Part B: a preset or a shape (layers, heads, key/value heads, head size, context,
//           batch, bytes per number) -> core.kvCacheSize -> the size line and the
//           bars of the cache size for every g dividing h.
// One bindControls state for the section; each part redraws from its own controls.
import { format } from 'd3';
import { bindControls } from '../ui/controls.js';
import { perFrame } from '../ui/frame.js';
import { newSeed } from '../ui/seed.js';
import { wordReader } from '../ui/words.js';
import { heatmapGrid } from '../charts/grid.js';
import { barChart } from '../charts/bars.js';

// Published shapes; the section's prose says where each number comes from.
const PRESETS = {
  'llama2-7b': { layers: 32, cacheHeads: 32, cacheKvHeads: 32, headSize: 128, context: 4096 },
  'llama2-70b': { layers: 80, cacheHeads: 64, cacheKvHeads: 8, headSize: 128, context: 4096 },
  'mistral-7b': { layers: 32, cacheHeads: 32, cacheKvHeads: 8, headSize: 128, context: 8192 },
};
const CACHE_CONTROLS = ['preset', 'layers', 'cacheHeads', 'cacheKvHeads', 'headSize', 'context', 'batch', 'bytesPerNumber'];
const SHAPE_FIELDS = ['layers', 'cacheHeads', 'cacheKvHeads', 'headSize', 'context'];
// The facade's option names -> this section's controls.
const CACHE_FIELD = { heads: 'cacheHeads', kvHeads: 'cacheKvHeads', layers: 'layers', headSize: 'headSize', context: 'context', batch: 'batch', bytesPerNumber: 'bytesPerNumber' };
const gb = format(',.3~f');
const bytes = format(',.0f');

// Bytes for people: KiB and MiB below a gigabyte, GB (10^9) above.
function size(b) {
  if (b >= 1e9) return `${gb(b / 1e9)} GB`;
  if (b >= 2 ** 20) return `${gb(b / 2 ** 20)} MiB`;
  if (b >= 2 ** 10) return `${gb(b / 2 ** 10)} KiB`;
  return `${bytes(b)} bytes`;
}

export default {
  id: 'grouped-query',
  init(root, core) {
    // Canvas cells at every h (svgLimit 0): with SVG ones up to 400 cells, h = 1 and 2 built 121-242
    // cell groups with their numbers on each change (about 10 ms of style and layout a step).
    const grid = heatmapGrid(root.querySelector('[data-chart="heads"]'), {
      linked: true, minPanel: 240, domain: 'auto', svgLimit: 0, rowTitle: 'query', colTitle: 'key', format: '.2f',
    });
    const bars = barChart(root.querySelector('[data-chart="cache"]'), {
      xTitle: 'key/value heads g', yTitle: 'KV cache (GB)', format: '.3~f',
      readout: (bar) => `${bar.label} key/value heads: ${gb(bar.value)} GB`,
    });
    const line = root.querySelector('[data-gq="cache"]');
    const readWords = wordReader(core);

    // g can be at most h: the slider ends at h, and a g the browser clamped on a new h is taken.
    const kvSlider = root.querySelector('input[name="kvHeads"]');
    const mostHeads = Math.max(...Array.from(root.querySelector('select[name="heads"]').options, (o) => Number(o.value)));
    let prepared = false;

    function drawHeads(changed, state) {
      if (kvSlider.max !== String(state.heads)) {
        kvSlider.max = String(state.heads);
        // The browser clamped g to the new h: taken into the state and drawn below, in this frame.
        if (Number(kvSlider.value) !== Number(state.kvHeads)) controls.put('kvHeads', kvSlider.value);
      }
      const words = readWords(changed, state, controls);
      if (!words) return;
      try {
        const r = core.groupedQuery(words, { heads: Number(state.heads), kvHeads: state.kvHeads, seed: state.seed });
        ['heads', 'kvHeads', 'seed'].forEach((name) => controls.error(name, ''));
        grid.update(r.heads.map((head, j) => ({
          title: `Query head ${j + 1} · key/value head ${r.group[j] + 1}`,
          matrix: head.weights, rowLabels: words, colLabels: words,
        })));
        if (!prepared) grid.prepare(mostHeads); // the panels of the largest h, built while the page is idle
        prepared = true;
      } catch (error) {
        controls.error(['heads', 'kvHeads', 'seed'].includes(error.field) ? error.field : 'kvHeads', error.message);
      }
    }

    const cacheKvInput = root.querySelector('input[name="cacheKvHeads"]');

    function drawCache(changed, state) {
      const preset = PRESETS[state.preset];
      if (changed === 'preset' && preset) {
        // The published shape, taken without an input event each (put): drawn once, in this frame.
        cacheKvInput.max = String(preset.cacheHeads); // first, or a g above the old h would be refused
        for (const [name, value] of Object.entries(preset)) if (state[name] !== value) controls.put(name, value);
      } else if (preset && SHAPE_FIELDS.some((name) => state[name] !== preset[name])) {
        controls.set('preset', 'custom'); // the shape is no longer the published one
      }
      if (cacheKvInput.max !== String(state.cacheHeads)) cacheKvInput.max = String(state.cacheHeads); // g <= h
      let r;
      try {
        r = core.kvCacheSize({
          layers: state.layers, heads: state.cacheHeads, kvHeads: state.cacheKvHeads, headSize: state.headSize,
          context: state.context, batch: state.batch, bytesPerNumber: Number(state.bytesPerNumber),
        });
      } catch (error) {
        controls.error(CACHE_FIELD[error.field] ?? (CACHE_CONTROLS.includes(changed) ? changed : 'layers'), error.message);
        return;
      }
      CACHE_CONTROLS.forEach((name) => controls.error(name, ''));
      const perSequence = r.bytes / state.batch;
      line.textContent = `Cache: ${size(r.bytes)} (${bytes(r.bytes)} bytes) · one token of one sequence: ${size(r.bytesPerToken)} · `
        + `read per generated token at the full context: ${size(perSequence)} · with multi-head attention: ${size(r.multiHeadBytes)}`;
      bars.update({
        labels: Array.from(r.kvChoices, (g) => (g === state.cacheKvHeads ? `${g} (set)` : String(g))),
        values: Float64Array.from(r.bytesByChoice, (b) => b / 1e9),
      });
    }

    function update(changed, state) {
      if (CACHE_CONTROLS.includes(changed)) drawCache(changed, state);
      else drawHeads(changed, state);
    }

    const controls = bindControls(root, perFrame(update, (changed) => (CACHE_CONTROLS.includes(changed) ? 'cache' : 'heads')));
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    drawHeads('sentence', controls.state);
    drawCache('layers', controls.state);
  },
};
