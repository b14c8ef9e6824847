#include "atlas/attention/attention.hpp"

#include <cmath>
#include <stdexcept>

#include "atlas/attention/check.hpp"

namespace atlas {
namespace {

void require_mask(const Matrix& mask, Eigen::Index n, Eigen::Index m) {
  if (mask.rows() != n || mask.cols() != m) {
    throw std::invalid_argument("mask is " + shape_of(mask) + "; expected " + std::to_string(n) +
                                " x " + std::to_string(m) + " (queries x keys)");
  }
  for (Eigen::Index r = 0; r < n; ++r) {
    for (Eigen::Index c = 0; c < m; ++c) {
      const double v = mask(r, c);
      if (v != 0.0 && v != 1.0) {
        throw std::invalid_argument("mask must hold only 0 (allowed) and 1 (blocked); row " +
                                    std::to_string(r) + ", column " + std::to_string(c) +
                                    " is neither");
      }
    }
  }
}

}  // namespace

Matrix masked_softmax(const Matrix& scores, const std::optional<Matrix>& mask) {
  require_finite(scores, "scores");
  if (mask) require_mask(*mask, scores.rows(), scores.cols());

  Matrix weights = Matrix::Zero(scores.rows(), scores.cols());
  for (Eigen::Index r = 0; r < scores.rows(); ++r) {
    auto allowed = [&](Eigen::Index c) { return !mask || (*mask)(r, c) == 0.0; };
    // Max over allowed entries only: blocked ones are -infinity by definition.
    bool any = false;
    double row_max = 0.0;
    for (Eigen::Index c = 0; c < scores.cols(); ++c) {
      if (!allowed(c)) continue;
      row_max = any ? std::max(row_max, scores(r, c)) : scores(r, c);
      any = true;
    }
    if (!any) continue;  // fully blocked: the row stays all zero
    double sum = 0.0;
    for (Eigen::Index c = 0; c < scores.cols(); ++c) {
      if (!allowed(c)) continue;
      weights(r, c) = std::exp(scores(r, c) - row_max);
      sum += weights(r, c);
    }
    weights.row(r) /= sum;  // sum >= 1: the max entry contributed exp(0)
  }
  return weights;
}

AttentionResult attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                          const std::optional<Matrix>& mask) {
  require_finite(Q, "Q");
  require_finite(K, "K");
  require_finite(V, "V");
  if (K.cols() != Q.cols()) {
    throw std::invalid_argument("K is " + shape_of(K) + " but Q is " + shape_of(Q) +
                                "; K needs as many columns as Q (d_k = " +
                                std::to_string(Q.cols()) + ")");
  }
  if (V.rows() != K.rows()) {
    throw std::invalid_argument("V is " + shape_of(V) + " but K is " + shape_of(K) +
                                "; V needs one row per key (m = " + std::to_string(K.rows()) +
                                ")");
  }
  AttentionResult result;
  result.scores = (Q * K.transpose()) / std::sqrt(static_cast<double>(Q.cols()));
  if (!result.scores.allFinite()) {
    throw std::invalid_argument("Q K^T / sqrt(d_k) overflows to infinity; Q and K are too large (scale them down)");
  }
  result.weights = masked_softmax(result.scores, mask);
  result.output = result.weights * V;
  // Each output row is a convex combination of V's rows, but rounding can push
  // one built from entries near the largest double past it (11 equal weights
  // on 1.8e308 give infinity).
  if (!result.output.allFinite()) {
    throw std::invalid_argument("weights V overflows to infinity; V is too large (scale it down)");
  }
  result.row_sums = result.weights.rowwise().sum();
  return result;
}

}  // namespace atlas
