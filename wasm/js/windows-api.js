// Section 18: sliding windows and attention sinks (core/include/atlas/attention/
// mask.hpp, core/include/atlas/lessons/receptive_field.hpp). Errors name the
// argument and carry it as error.field.
import * as arg from './args.js';
import { unwrap } from './unwrap.js';
import { withField as checked } from './field.js';


// { window, sinks } checked against each other: k sinks must fit in the window.
// maxWindow: the largest window allowed, and what it is (`the context n = 64`).
function windowOptions(o, maxWindow, what = String(maxWindow)) {
  const window = o.window;
  if (!Number.isInteger(window) || window < 1 || window > maxWindow) {
    throw arg.argumentError('window', `window must be an integer from 1 to ${what}; got ${String(window)}`);
  }
  const sinks = checked('sinks', () => arg.integer(o.sinks ?? 0, 'sinks', 0, maxWindow));
  if (sinks > window) throw arg.argumentError('sinks', `sinks must be from 0 to the window (${window}); got ${sinks}`);
  return { window, sinks };
}

export function windowsApi(raw, L) {
  const MAX_N = L.maxSequence;
  return {
    // n, { window, sinks = 0 } -> (n x n), 1 = blocked: causal, the last `window` keys, and the first `sinks`
    windowMask(n, opts) {
      const size = checked('n', () => arg.integer(n, 'n', 1, MAX_N));
      const { window, sinks } = windowOptions(arg.options(opts, 'options'), MAX_N);
      return unwrap(raw.windowMask(size, window, sinks));
    },
    // { n = 64, window = 8, layers = 4, sinks = 0 } -> { mask (n x n), reach (layers x n), span, farthest (layers) }
    // A window larger than the context n is refused here (it would be the causal mask, and a learner asking
    // for it has mistyped one of the two).
    receptiveField(opts) {
      const o = arg.options(opts, 'options');
      const n = checked('n', () => arg.integer(o.n ?? 64, 'n', 1, 1024));
      const { window, sinks } = windowOptions({ window: o.window ?? 8, sinks: o.sinks }, n, `the context n = ${n}`);
      return unwrap(raw.receptiveField(n, window, checked('layers', () => arg.integer(o.layers ?? 4, 'layers', 1, 64)), sinks));
    },
  };
}
