// Section 14: rotary position embedding (RoFormer), the primitive and the
// section's numbers. Errors name the argument and carry it as error.field.
import * as arg from './args.js';
import { named, namedOptions } from './field.js';
import { unwrap } from './unwrap.js';

function evenWidth(value, lo, hi) {
  const d = arg.integer(value, 'd', lo, hi);
  if (d % 2 !== 0) throw new Error(`d must be even: RoPE turns the dimensions in pairs; got ${d}`);
  return d;
}

function base(value) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 1 || value > 1e12) {
    throw new Error(`base must be a finite number greater than 1 (at most 1e12); got ${typeof value} ${String(value)}`);
  }
  return value;
}

const scale = (value) => arg.number(value, 'scale', 1, 64);

export function ropeApi(raw, limits) {
  return {
    // X (n x d, d even), positions (n numbers), { base = 10000, scale = 1 }
    // -> X with each pair (2i, 2i+1) of row r turned by (positions[r] / scale) * base^(-2i/d)
    rotary(X, positions, opts) {
      const o = arg.options(opts, 'options');
      const m = named('X', () => arg.matrix(X, 'X'));
      named('X', () => {
        if (m.cols % 2 !== 0) throw new Error(`X must have an even number of columns: RoPE turns the dimensions in pairs; got ${m.cols}`);
      });
      const p = named('positions', () => {
        if (!(Array.isArray(positions) || ArrayBuffer.isView(positions)) || positions.length !== m.rows) {
          throw new Error(`positions must hold one number per row of X (${m.rows})`);
        }
        if (!Array.from(positions).every(Number.isFinite)) throw new Error('positions must be finite numbers');
        return arg.matrix({ rows: m.rows, cols: 1, data: Array.from(positions) }, 'positions');
      });
      const b = named('base', () => base(o.base ?? 10000));
      const s = named('scale', () => scale(o.scale ?? 1));
      return named('X', () => unwrap(raw.rotary(m, p, b, s)));
    },
    // { d = 16, base = 10000, offset = 0, seed = 1, scale = 1, pair = 0, positions = 16, decayOffsets = 256 }
    // -> { q, k (d), theta (d/2), qPair, kPair (positions x 2), scores (positions x positions),
    //      diagonalSpread, decayBound (decayOffsets + 1; empty for 0), byDistance: { sinusoidal, alibi, rope (positions) } }
    rotaryLesson(opts) {
      const o = arg.options(opts, 'options');
      const checked = namedOptions({
        d: () => evenWidth(o.d ?? 16, 2, 256),
        base: () => base(o.base ?? 10000),
        positions: () => arg.integer(o.positions ?? 16, 'positions', 2, 64),
        seed: () => arg.seed(o.seed ?? 1, limits),
        scale: () => scale(o.scale ?? 1),
        decayOffsets: () => arg.integer(o.decayOffsets ?? 256, 'decayOffsets', 0, 4096),
      });
      Object.assign(checked, namedOptions({
        offset: () => arg.integer(o.offset ?? 0, 'offset', 0, 4096 - checked.positions),
        pair: () => arg.integer(o.pair ?? 0, 'pair', 0, checked.d / 2 - 1),
      }));
      return unwrap(raw.rotaryLesson(checked));
    },
  };
}
