#include "atlas/attention/attention.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "atlas/attention/check.hpp"
#include "atlas/attention/products.hpp"
#include "atlas/attention/vector_exp.hpp"
#include "lanes.hpp"

namespace atlas {
namespace {

// The largest of s[0..m), m >= 1, a vector of lanes at a time (the
// compiler does not vectorise a floating-point reduction by itself).
template <typename T>
T row_max(const T* s, Eigen::Index m) {
  constexpr int L = lanes::kWidth<T>;
  T top = s[0];
  Eigen::Index c = 0;
  if (m >= L) {
    lanes::Vec<T> v = lanes::load(s);
    for (c = L; c + L <= m; c += L) {
      const lanes::Vec<T> x = lanes::load(s + c);
      v = lanes::select<T>(x > v, x, v);
    }
    for (int i = 0; i < L; ++i) top = std::max(top, v[i]);
  }
  for (; c < m; ++c) top = std::max(top, s[c]);
  return top;
}

template <typename T>
T row_sum(const T* w, Eigen::Index m) {
  return lanes::lane_sum(w, m, [](auto v) { return v; });
}

// One row: w = softmax(s) over the allowed entries (blocked == nullptr: all allowed).
// Plain loops over contiguous memory so the compiler vectorises them.
template <typename T>
void softmax_row(const T* s, const T* blocked, T* w, Eigen::Index m) {
  // Max over allowed entries only: blocked ones are -infinity by definition.
  bool any = !blocked && m > 0;
  T top = any ? row_max(s, m) : T(0);
  for (Eigen::Index c = 0; blocked && c < m; ++c) {
    if (blocked[c] != T(0)) continue;
    top = any ? std::max(top, s[c]) : s[c];
    any = true;
  }
  if (!any) {  // fully blocked: the row is all zero
    std::fill(w, w + m, T(0));
    return;
  }
  for (Eigen::Index c = 0; c < m; ++c) w[c] = s[c] - top;
  exp_in_place(w, m);
  if (blocked) {
    for (Eigen::Index c = 0; c < m; ++c) w[c] = blocked[c] != T(0) ? T(0) : w[c];
  }
  const T scale = T(1) / row_sum(w, m);  // the sum is >= 1: the max entry contributed exp(0)
  for (Eigen::Index c = 0; c < m; ++c) w[c] *= scale;
}

// Row-wise softmax of scores already checked (finite; the mask of the right shape and 0/1).
template <typename M>
M softmax_rows(const M& scores, const std::optional<M>& mask) {
  M weights(scores.rows(), scores.cols());
  const Eigen::Index m = scores.cols();
  for (Eigen::Index r = 0; r < scores.rows(); ++r) {
    softmax_row(scores.data() + r * m, mask ? mask->data() + r * m : nullptr, weights.data() + r * m, m);
  }
  return weights;
}

template <typename M>
M softmax_of(const M& scores, const std::optional<M>& mask) {
  require_finite(scores, "scores");
  if (mask) require_mask(*mask, scores.rows(), scores.cols());
  return softmax_rows(scores, mask);
}

template <typename M, typename V>
BasicAttentionResult<M, V> attention_of(const M& Q, const M& K, const M& Vals, const std::optional<M>& mask) {
  require_finite(Q, "Q");
  require_finite(K, "K");
  require_finite(Vals, "V");
  if (K.cols() != Q.cols()) {
    throw ArgumentError("K", "K is " + shape_of(K) + " but Q is " + shape_of(Q) +
                                "; K needs as many columns as Q (d_k = " +
                                std::to_string(Q.cols()) + ")");
  }
  if (Vals.rows() != K.rows()) {
    throw ArgumentError("V", "V is " + shape_of(Vals) + " but K is " + shape_of(K) +
                                "; V needs one row per key (m = " + std::to_string(K.rows()) +
                                ")");
  }
  if (mask) require_mask(*mask, Q.rows(), K.rows());
  using T = typename M::Scalar;
  BasicAttentionResult<M, V> result;
  // Both products by the blocked SIMD kernel (products.hpp), which sums every entry in the same
  // order: equal rows of Q give bit-identical rows of scores (a test relies on repeated words
  // sharing a row exactly).
  const Eigen::Index n = Q.rows(), m = K.rows(), d = Q.cols(), dv = Vals.cols();
  result.scores.resize(n, m);
  multiply(Q.data(), d, K.data(), d, result.scores.data(), m, n, d, m, {/*b_transposed=*/true});
  // Divided, not multiplied by 1 / sqrt(d_k): the computation strip's pieces recompose the
  // scores exactly (tests/wasm/strip.test.mjs), and a division is what eq. 1 writes.
  const T root_d = std::sqrt(static_cast<T>(d));
  T* scores = result.scores.data();
  for (Eigen::Index i = 0; i < n * m; ++i) scores[i] /= root_d;
  if (!all_finite(result.scores)) {
    throw ArgumentError("Q", "Q K^T / sqrt(d_k) overflows to infinity; Q and K are too large (scale them down)");
  }
  result.weights = softmax_rows(result.scores, mask);
  result.output.resize(n, dv);
  multiply(result.weights.data(), m, Vals.data(), dv, result.output.data(), dv, n, m, dv);
  // Each output row is a convex combination of V's rows, but rounding can push
  // one built from entries near the largest value past it (11 equal weights
  // on 1.8e308 give infinity).
  if (!all_finite(result.output)) {
    throw ArgumentError("V", "weights V overflows to infinity; V is too large (scale it down)");
  }
  result.row_sums.resize(n);
  for (Eigen::Index r = 0; r < n; ++r) result.row_sums(r) = m > 0 ? row_sum(result.weights.data() + r * m, m) : T(0);
  return result;
}

}  // namespace

Matrix masked_softmax(const Matrix& scores, const std::optional<Matrix>& mask) {
  return softmax_of(scores, mask);
}

AttentionResult attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                          const std::optional<Matrix>& mask) {
  return attention_of<Matrix, Vector>(Q, K, V, mask);
}

AttentionResultF attention_f32(const MatrixF& Q, const MatrixF& K, const MatrixF& V,
                               const std::optional<MatrixF>& mask) {
  return attention_of<MatrixF, VectorF>(Q, K, V, mask);
}

}  // namespace atlas
