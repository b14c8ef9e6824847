// Loads dist/attention-core.js the way a Node user would: require() of the
// one-file module, then the async factory. One instance per test file.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const createAttentionCore = require('../../dist/attention-core.js');

let instance;
export function loadCore() {
  instance ??= createAttentionCore();
  return instance;
}

// A seeded matrix of N(0, 1)-ish values without the core (tests must not
// derive their inputs from the code under test): a small LCG + Box-Muller.
export function testMatrix(rows, cols, seed, scale = 1) {
  let s = seed >>> 0 || 1;
  const uniform = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  const data = new Float64Array(rows * cols);
  for (let k = 0; k < data.length; k++) {
    data[k] = scale * Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  }
  return { rows, cols, data };
}

export function maxAbsDiff(a, b) {
  if (a.length !== b.length) return Infinity;
  let worst = 0;
  for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]));
  return worst;
}
