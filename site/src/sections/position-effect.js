// Section 5, attention with and without positional encoding: sentence, seed,
// strength and projection -> core.positionEffect (one call) -> three heatmaps
// (without, with, difference) with linked hover.
import { bindControls } from '../ui/controls.js';
import { heatmap, linkHover } from '../charts/heatmap.js';
import { newSeed } from '../ui/seed.js';
import { wordReader } from '../ui/words.js';

const D_MODEL = 16;
const LABELS = {
  random: 'Computed from random weights',
  identity: 'Computed from random word vectors, identity projection',
};

export default {
  id: 'position-effect',
  init(root, core) {
    const percent = (c) => `${(c.value * 100).toFixed(1)}%`;
    const make = (name, options) => heatmap(root.querySelector(`[data-chart="${name}"]`), {
      rowTitle: 'query', colTitle: 'key', maxCell: 40, hint: '', ...options, // the caption explains hovering once
    });
    const charts = [
      make('without', { readout: (c) => `without: “${c.rowLabel}” → “${c.colLabel}” ${percent(c)}` }),
      make('with', { readout: (c) => `with: “${c.rowLabel}” → “${c.colLabel}” ${percent(c)}` }),
      make('difference', {
        diverging: true, domain: 'auto', format: '+.0%', // percentage points: "+2%" fits a cell, "+0.02" does not
        legendFormat: (v) => (v === 0 ? '0' : `${v > 0 ? '+' : ''}${(v * 100).toFixed(1)} pts`), // the caption's and readout's unit
        readout: (c) => `change: “${c.rowLabel}” → “${c.colLabel}” ${c.value >= 0 ? '+' : ''}${(c.value * 100).toFixed(1)} points`,
      }),
    ];
    linkHover(charts);
    const label = root.querySelector('[data-projection-label]');
    const readWords = wordReader(core);
    let words = null;

    function update(changed, state) {
      const next = readWords(changed, state, controls);
      if (!next) return;
      words = next;
      let result;
      try {
        result = core.positionEffect(words, {
          dModel: D_MODEL, seed: state.seed, positional: state.strength, projection: state.projection,
        });
      } catch (error) {
        controls.fail(error, 'seed', { positional: 'strength' });
        return;
      }
      controls.clearErrors();
      const labels = { rowLabels: words, colLabels: words };
      charts[0].update({ matrix: result.withoutEncoding, ...labels });
      charts[1].update({ matrix: result.withEncoding, ...labels });
      charts[2].update({ matrix: result.difference, ...labels });
      label.textContent = LABELS[state.projection];
    }

    const controls = bindControls(root, update).describe(() => ({ dModel: D_MODEL }));
    root.querySelector('[data-action="reseed"]').addEventListener('click', () => controls.set('seed', newSeed()));
    update('sentence', controls.state);
  },
};
