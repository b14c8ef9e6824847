// Section 16, generating with a KV cache: prompt and sampling settings ->
// m.generate on the trained Austen model (one call: the characters, each
// one's attention rows per layer, the multiply-adds with and without the
// cache, the largest cached-vs-recomputed difference, all computed by the
// core) -> the attention of each generated character over what came before
// it, and the work per character. The weights load on the first Generate
// (trained/load.js, the loader the trained views share); afterwards a change
// of the prompt or a sampling setting generates again, a change of the number
// of characters shows a part of the longest generation so far (generated to
// the context's end when it asks for more), and a new layer or head (their choices
// built from the model's m.config, kv-head-controls.js) only redraws the
// attention figure from the same generation. The check against recomputing
// (the core decodes the other way too: as long again) runs once the controls
// have been still for a moment, so a dragged slider waits only for the
// generation it shows.
import { bindControls } from '../ui/controls.js';
import { perFrame } from '../ui/frame.js';
import { heatmap } from '../charts/heatmap.js';
import { lineChart } from '../charts/line.js';
import { newSeed } from '../ui/seed.js';
import { afterQuiet } from '../ui/idle.js';
import { aboutText, badgeText } from '../trained/badge.js';
import { headName } from '../trained/units.js';
import { provideExerciseContext, retryWaiting } from '../exercises/lazy.js';
import { generatedRows } from './kv-rows.js';
import { headControls } from './kv-head-controls.js';

const inMillions = (n) => n / 1e6; // the core's counts, in the chart's unit
const millions = (n) => `${inMillions(n).toFixed(2)} M`;
const sum = (list, key) => list.reduce((total, c) => total + c[key], 0);

// A generation's first `steps` characters, with the totals the core gives for that many (the sums of
// each character's counts, docs/api.md); compare: false, so there is no difference to carry.
function firstCharacters(g, steps) {
  if (steps === g.characters.length) return g;
  const characters = g.characters.slice(0, steps);
  return { ...g, characters, totalMultiplyAddsCached: sum(characters, 'multiplyAddsCached'), totalMultiplyAddsFull: sum(characters, 'multiplyAddsFull') };
}

export default {
  id: 'kv-cache',
  init(root, core, { loadModel }) {
    const chart = (name) => root.querySelector(`[data-chart="${name}"]`);
    const attention = heatmap(chart('kv-attention'), {
      rowTitle: 'generated character (query)', colTitle: 'position read (key)', maxCell: 16, maxHeight: 640,
      // Canvas at every length (svgLimit 0): up to 6 characters fell under the SVG limit, and a step
      // between them and 12 built or removed about 380 cell groups (9-17 ms of script).
      svgLimit: 0,
      readout: (c) => `generated “${c.rowLabel}” (character ${c.row + 1}) takes ${(c.value * 100).toFixed(1)}% from “${c.colLabel}” (position ${c.col + 1})`,
      hint: 'Hover over a cell (or focus the chart and use the arrow keys) to read a weight.',
    });
    const work = lineChart(chart('kv-work'), {
      // Dots while they stay apart (up to 32 characters), as the other line charts draw them.
      xTitle: 'characters read (sequence length)', yTitle: 'million multiply-adds per character', format: '.4f', markers: 'auto',
    });
    const button = root.querySelector('[data-action="generate"]');
    const status = root.querySelector('[data-generate-status]');
    const generated = root.querySelector('[data-generated]');
    const checkLine = root.querySelector('[data-kv-check]');
    const attentionTitle = root.querySelector('[data-kv-title]');
    const topK = root.querySelector('input[name="topK"]');
    const steps = root.querySelector('input[name="steps"]');
    let m = null;
    let view = null; // the layer and head choices, built from m.config when the model loads

    // The latest generation (kept) and the part of it shown (last: its first `steps` characters). The
    // core draws one number per character, so a generation's first k characters are what steps = k
    // gives with the same prompt and sampling settings (tests/wasm/generate.test.mjs): a smaller
    // steps shows a slice, and a larger one generates as far as the context allows, so moving steps
    // again computes nothing. A new layer or head only redraws the part shown.
    let kept = { key: '', g: null };
    let last = { g: null };

    const optionsOf = (state, compare) => ({ steps: state.steps, temperature: state.temperature, topK: state.topK, seed: state.seed, compare });
    function generate(state) {
      const key = JSON.stringify([state.prompt, state.temperature, state.topK, state.seed]);
      const same = key === kept.key;
      if (!same || state.steps > kept.g.characters.length) {
        const room = same ? m.config.context - kept.g.prompt.length : 0; // as many as fit after the prompt
        kept = { key, g: m.generate(state.prompt, optionsOf({ ...state, steps: Math.max(state.steps, room) }, false)) };
      }
      if (last.from !== kept.g || last.g.characters.length !== state.steps) {
        last = { from: kept.g, g: firstCharacters(kept.g, state.steps) };
        checkWhenIdle(state, last);
      }
      return last.g;
    }

    // The line under the work figure: the core's totals, then (computed once the controls are
    // still and the page idle, unless a newer generation came first) the same generation decoded
    // the other way as well (compare) and the largest difference. data-state: 'checking', 'ready'.
    const checkText = (g, difference) => `Over all ${g.characters.length} steps: ${millions(g.totalMultiplyAddsCached)} multiply-adds `
      + `with the cache, ${millions(g.totalMultiplyAddsFull)} without. Largest difference between the cached and the recomputed `
      + `logits and attention weights: ${difference === undefined ? 'checking…' : `${difference.toExponential(1)} (float32 rounding).`}`;
    const check = afterQuiet((state, generation) => {
      if (last !== generation) return;
      checkLine.textContent = checkText(generation.g, m.generate(state.prompt, optionsOf(state, true)).maxDifference);
      checkLine.dataset.state = 'ready';
    });
    function checkWhenIdle(state, generation) {
      checkLine.dataset.state = 'checking';
      checkLine.textContent = checkText(generation.g);
      check(state, generation);
    }

    // The attention figure for the chosen layer and head: all a new choice redraws.
    function drawHead(g) {
      const { layer, head } = view;
      attention.update({ ...generatedRows(g, layer, head), rowNotes: g.characters.map((c) => `p ${c.probability.toFixed(2)}`) });
      attentionTitle.textContent = `${headName(layer, head)}: each generated character’s weights`;
    }

    function draw(state) {
      let g;
      try {
        g = generate(state);
      } catch (error) {
        controls.error(error.field && error.field in state ? error.field : 'prompt', error.message);
        return;
      }
      controls.clearErrors();
      drawHead(g);
      const prompt = document.createElement('span');
      prompt.textContent = g.prompt.join('');
      const continuation = document.createElement('mark');
      continuation.textContent = g.characters.map((c) => c.character).join('');
      generated.replaceChildren(prompt, continuation);
      work.update({
        x: g.characters.map((c, k) => g.prompt.length + k),
        series: [
          { name: 'without a cache (recompute every position)', values: Float64Array.from(g.characters, (c) => inMillions(c.multiplyAddsFull)) },
          { name: 'with the KV cache', values: Float64Array.from(g.characters, (c) => inMillions(c.multiplyAddsCached)) },
        ],
      });
    }

    const controls = bindControls(root, (name, state) => { if (m) draw(state); })
      .describe(() => (view ? view.inputs() : {}))
      .onReset(() => view?.reset());
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    provideExerciseContext(root, { model: () => m }); // the Practice questions use the loaded model

    async function start() {
      button.disabled = true;
      status.textContent = 'Loading the trained model…';
      try {
        m = await loadModel();
      } catch (error) {
        status.textContent = `The trained model could not be loaded (${error.message}).`;
        status.dataset.state = 'error';
        button.disabled = false;
        return;
      }
      // Choices from the model's own shape: layers, heads, top-k up to every token (the unknown
      // symbol too), and at most context - 1 characters after a prompt of one.
      topK.max = String(m.config.vocab.length + 1);
      steps.max = String(m.config.context - 1);
      view = headControls(root.querySelector('[data-kv-head-controls]'), m.config,
        perFrame(() => { if (last.g) drawHead(last.g); }));
      root.querySelectorAll('[data-model-badge]').forEach((el) => { el.textContent = badgeText(m); });
      root.querySelectorAll('[data-model-about]').forEach((el) => { el.textContent = aboutText(m); });
      status.textContent = '';
      button.textContent = 'Generate again';
      button.disabled = false;
      root.querySelectorAll('[data-kv-figure]').forEach((figure) => { figure.hidden = false; }); // empty until now
      draw(controls.state);
      root.dataset.generated = 'true';
      retryWaiting(root); // questions that waited for the model can be drawn now
    }
    button.addEventListener('click', () => (m ? draw(controls.state) : start()));
  },
};
