#include "atlas/attention/attention.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "atlas/attention/check.hpp"
#include "atlas/attention/vector_exp.hpp"

namespace atlas {
namespace {

// One row: w = softmax(s) over the allowed entries (blocked == nullptr: all allowed).
// Plain loops over contiguous memory so the compiler vectorises them.
template <typename T>
void softmax_row(const T* s, const T* blocked, T* w, Eigen::Index m) {
  // Max over allowed entries only: blocked ones are -infinity by definition.
  bool any = false;
  T row_max = 0;
  for (Eigen::Index c = 0; c < m; ++c) {
    if (blocked && blocked[c] != T(0)) continue;
    row_max = any ? std::max(row_max, s[c]) : s[c];
    any = true;
  }
  if (!any) {  // fully blocked: the row is all zero
    std::fill(w, w + m, T(0));
    return;
  }
  for (Eigen::Index c = 0; c < m; ++c) w[c] = s[c] - row_max;
  exp_in_place(w, m);
  if (blocked) {
    for (Eigen::Index c = 0; c < m; ++c) w[c] = blocked[c] != T(0) ? T(0) : w[c];
  }
  T sum = 0;
  for (Eigen::Index c = 0; c < m; ++c) sum += w[c];
  for (Eigen::Index c = 0; c < m; ++c) w[c] /= sum;  // sum >= 1: the max entry contributed exp(0)
}

template <typename M>
M softmax_of(const M& scores, const std::optional<M>& mask) {
  require_finite(scores, "scores");
  if (mask) require_mask(*mask, scores.rows(), scores.cols());
  M weights(scores.rows(), scores.cols());
  const Eigen::Index m = scores.cols();
  for (Eigen::Index r = 0; r < scores.rows(); ++r) {
    softmax_row(scores.data() + r * m, mask ? mask->data() + r * m : nullptr, weights.data() + r * m, m);
  }
  return weights;
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
  using T = typename M::Scalar;
  BasicAttentionResult<M, V> result;
  // As one expression, not noalias() = Q K^T then /=: Eigen then evaluates the
  // product so that equal rows of Q give bit-identical rows of scores (a test
  // relies on repeated words sharing a row exactly); the GEMM-into-place form
  // gives the last rows of a block another summation order.
  result.scores = (Q * K.transpose()) / std::sqrt(static_cast<T>(Q.cols()));
  if (!result.scores.allFinite()) {
    throw ArgumentError("Q", "Q K^T / sqrt(d_k) overflows to infinity; Q and K are too large (scale them down)");
  }
  result.weights = softmax_of(result.scores, mask);
  result.output = result.weights * Vals;
  // Each output row is a convex combination of V's rows, but rounding can push
  // one built from entries near the largest value past it (11 equal weights
  // on 1.8e308 give infinity).
  if (!result.output.allFinite()) {
    throw ArgumentError("V", "weights V overflows to infinity; V is too large (scale it down)");
  }
  result.row_sums = result.weights.rowwise().sum();
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
