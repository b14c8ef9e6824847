// Sections 9, 10 and 12: the hand-built six-layer illustration (with its
// statistics and rollout), attention rollout of any stack of layers, and the
// per-layer summary of a trained model's run (modelLayers).
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function layersApi(raw, L) {
  return {
    // n words -> { layers: Matrix[6] (n x n), names: string[6], meanDistance (6, tokens),
    //   meanEntropy (6, nats), maxEntropy (ln n), uniformDistance, rollout: Matrix[6] (R_1..R_6) }
    // A hand-built illustration: score shapes + seeded N(0, noise^2) noise, rows softmaxed.
    layerEvolution(n, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.layerEvolution(arg.integer(n, 'n', 1, L.maxWords), arg.seed(o.seed ?? 1, L),
        arg.number(o.noise ?? 0.5, 'noise', 0, L.maxNoise)), 'n');
    },
    // layers: Matrix[] (each n x n, rows summing to 1), residual in [0, 1] (0.5)
    // -> Matrix[] R_1..R_L with R_l = A_l R_(l-1), A_l = residual W_l + (1 - residual) I
    rollout(layers, opts) {
      const { residual = 0.5 } = arg.options(opts, 'options');
      const checked = arg.list(layers, 'layers', L.maxStack, 'matrices').map((m, l) => arg.matrix(m, `layers[${l}]`));
      return unwrap(raw.rollout(checked, arg.number(residual, 'residual', 0, 1)), 'layers');
    },
    // attention: [layer][head] of n x n matrices (m.run(text).attention, or .words.attention)
    // -> { mean: Matrix[L] (heads averaged), meanByOffset: [L] (n: mean weight d keys back),
    //   meanDistance (L), meanEntropy (L, nats), rollout: Matrix[L] of the means (residual 0.5) }
    modelLayers(attention, opts) {
      const { residual = 0.5 } = arg.options(opts, 'options');
      const checked = arg.list(attention, 'attention', L.maxStack, 'layers, each an array of head matrices').map((heads, l) => {
        if (!Array.isArray(heads) || heads.length < 1) throw arg.argumentError('attention', `attention[${l}] must be a non-empty array of head matrices`);
        return heads.map((m, h) => arg.matrix(m, `attention[${l}][${h}]`));
      });
      return unwrap(raw.modelLayers(checked, arg.number(residual, 'residual', 0, 1)), 'attention');
    },
  };
}
