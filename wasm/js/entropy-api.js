// Section 11: attention rows whose entropy the page compares, each returned
// with its per-row entropy (nats) and the ceiling ln n.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

export function entropyApi(raw, L) {
  return {
    // -> { weights (3 x n): focused, moderate, uniform; names; entropy (3); maxEntropy }
    focusRows(n) {
      return unwrap(raw.focusRows(arg.integer(n, 'n', 1, L.maxSequence)), 'n');
    },
    // rows draws from a symmetric Dirichlet(concentration) over n keys
    // -> { weights (rows x n), entropy (rows), maxEntropy }
    dirichletRows(rows, n, opts) {
      const o = arg.options(opts, 'options');
      return unwrap(raw.dirichletRows(arg.integer(rows, 'rows', 1, L.maxSequence), arg.integer(n, 'n', 1, L.maxSequence),
        arg.number(o.concentration ?? 1, 'concentration', L.concentration.min, L.concentration.max),
        arg.seed(o.seed ?? 1, L)), 'n');
    },
    // softmax(ramp / temperature), ramp falling linearly from 2 to -2 over n keys
    // -> { scores (1 x n), weights (1 x n), entropy (nats), maxEntropy }
    temperatureRow(n, temperature) {
      return unwrap(raw.temperatureRow(arg.integer(n, 'n', 1, L.maxSequence),
        arg.number(temperature, 'temperature', L.temperature.min, L.temperature.max)), 'temperature');
    },
  };
}
