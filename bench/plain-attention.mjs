// Scaled dot-product attention in plain JavaScript, written the obvious way
// (Float64Array, triple loops, max-subtracted softmax): the baseline a course
// author would write without our core. Used only by bench/run.mjs.
export function plainAttention(Q, K, V) {
  const n = Q.rows, m = K.rows, d = Q.cols, dv = V.cols;
  const weights = new Float64Array(n * m);
  const output = new Float64Array(n * dv);
  const scale = 1 / Math.sqrt(d);
  for (let i = 0; i < n; i++) {
    let top = -Infinity;
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let c = 0; c < d; c++) s += Q.data[i * d + c] * K.data[j * d + c];
      weights[i * m + j] = s * scale;
      top = Math.max(top, s * scale);
    }
    let sum = 0;
    for (let j = 0; j < m; j++) {
      const e = Math.exp(weights[i * m + j] - top);
      weights[i * m + j] = e;
      sum += e;
    }
    for (let j = 0; j < m; j++) {
      const w = (weights[i * m + j] /= sum);
      for (let c = 0; c < dv; c++) output[i * dv + c] += w * V.data[j * dv + c];
    }
  }
  return { output: { rows: n, cols: dv, data: output }, weights: { rows: n, cols: m, data: weights } };
}
