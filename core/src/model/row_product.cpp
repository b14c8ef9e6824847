// row_product and row_dots (operations.hpp): a few rows times a row-major float
// matrix, and one vector's dot product with each row of one, with 16-byte vectors (lanes.hpp: f32x4 in WebAssembly SIMD, SSE2 natively). Each
// block of 16 output columns keeps its sums in four vectors while the loop runs
// down the weight's rows, so a weight entry is read once per input row and an
// output entry written once. Each output is summed in the order i = 0, 1, ...,
// as a plain loop would.
#include "atlas/model/operations.hpp"

#include "../attention/lanes.hpp"

namespace atlas::model {

void row_product(const float* in, Eigen::Index rows, Eigen::Index k, const float* weight, Eigen::Index stride, Eigen::Index m,
                 float* out) {
  using lanes::load;
  using lanes::splat;
  using lanes::store;
  using V = lanes::Vec<float>;
  constexpr Eigen::Index W = lanes::kWidth<float>;
  for (Eigen::Index r = 0; r < rows; ++r) {
    const float* x = in + r * k;
    float* y = out + r * m;
    Eigen::Index j = 0;
    for (; j + 4 * W <= m; j += 4 * W) {
      V s0 = splat(0.0f), s1 = s0, s2 = s0, s3 = s0;
      for (Eigen::Index i = 0; i < k; ++i) {
        const V a = splat(x[i]);
        const float* w = weight + i * stride + j;
        s0 += a * load(w);
        s1 += a * load(w + W);
        s2 += a * load(w + 2 * W);
        s3 += a * load(w + 3 * W);
      }
      store(y + j, s0);
      store(y + j + W, s1);
      store(y + j + 2 * W, s2);
      store(y + j + 3 * W, s3);
    }
    for (; j < m; ++j) {
      float s = 0.0f;
      for (Eigen::Index i = 0; i < k; ++i) s += x[i] * weight[i * stride + j];
      y[j] = s;
    }
  }
}

// Four rows at a time, one per lane: each 4 x 4 block of them is transposed in registers, so
// lane r sums x[i] * row r's [i] in the order i = 0, 1, ..., as a plain loop (and Eigen's
// product over the whole sequence) does: a decoding step's scores are the full recompute's,
// bit for bit.
void row_dots(const float* x, Eigen::Index k, const float* rows, Eigen::Index stride, Eigen::Index count, float* out) {
  using lanes::load;
  using lanes::splat;
  using V = lanes::Vec<float>;
  constexpr Eigen::Index W = lanes::kWidth<float>;
  Eigen::Index j = 0;
  for (; j + W <= count; j += W) {
    const float* r0 = rows + j * stride;
    const float *r1 = r0 + stride, *r2 = r1 + stride, *r3 = r2 + stride;
    V sums = splat(0.0f);
    Eigen::Index i = 0;
    for (; i + W <= k; i += W) {
      const V a = load(r0 + i), b = load(r1 + i), c = load(r2 + i), d = load(r3 + i);
      const V ab_low = __builtin_shufflevector(a, b, 0, 4, 1, 5), ab_high = __builtin_shufflevector(a, b, 2, 6, 3, 7);
      const V cd_low = __builtin_shufflevector(c, d, 0, 4, 1, 5), cd_high = __builtin_shufflevector(c, d, 2, 6, 3, 7);
      sums += splat(x[i]) * __builtin_shufflevector(ab_low, cd_low, 0, 1, 4, 5);
      sums += splat(x[i + 1]) * __builtin_shufflevector(ab_low, cd_low, 2, 3, 6, 7);
      sums += splat(x[i + 2]) * __builtin_shufflevector(ab_high, cd_high, 0, 1, 4, 5);
      sums += splat(x[i + 3]) * __builtin_shufflevector(ab_high, cd_high, 2, 3, 6, 7);
    }
    for (; i < k; ++i) sums += splat(x[i]) * V{r0[i], r1[i], r2[i], r3[i]};
    lanes::store(out + j, sums);
  }
  for (; j < count; ++j) {
    const float* row = rows + j * stride;
    float total = 0.0f;
    for (Eigen::Index i = 0; i < k; ++i) total += x[i] * row[i];
    out[j] = total;
  }
}

}  // namespace atlas::model
