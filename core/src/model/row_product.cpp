// row_product (operations.hpp): a few rows times a row-major float matrix, with
// 16-byte vectors (lanes.hpp: f32x4 in WebAssembly SIMD, SSE2 natively). Each
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

}  // namespace atlas::model
