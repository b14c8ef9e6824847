#include "atlas/attention/attention_distance.hpp"

#include <cstdlib>
#include <stdexcept>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {
namespace {

void require_square(const Matrix& W) {
  require_finite(W, "W");
  if (W.rows() != W.cols()) {
    throw ArgumentError("W", "W is " + shape_of(W) +
                                "; expected a square n x n matrix (queries and keys are the "
                                "same positions)");
  }
}

}  // namespace

Vector mean_by_distance(const Matrix& W, const std::optional<Matrix>& mask) {
  require_square(W);
  const Eigen::Index n = W.rows();
  if (mask && (mask->rows() != n || mask->cols() != n)) {
    throw ArgumentError("mask", "mask is " + shape_of(*mask) + "; expected " + shape_of(W) +
                                " like W");
  }
  Vector sum = Vector::Zero(n);
  Vector count = Vector::Zero(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < n; ++j) {
      if (mask && (*mask)(i, j) != 0.0) continue;
      const Eigen::Index d = std::abs(i - j);
      sum(d) += W(i, j);
      count(d) += 1.0;
    }
  }
  for (Eigen::Index d = 0; d < n; ++d) {
    if (count(d) > 0.0) sum(d) /= count(d);  // all blocked: stays 0
  }
  return sum;
}

double mass_within(const Matrix& W, int radius) {
  require_square(W);
  require_in_range(radius, 0, kMaxSequence, "radius");
  const Eigen::Index n = W.rows();
  double total = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < n; ++j) {
      if (std::abs(i - j) <= radius) total += W(i, j);
    }
  }
  return total / static_cast<double>(n);
}

double mean_attention_distance(const Matrix& W) {
  require_finite(W, "W");
  if ((W.array() < 0.0).any()) {
    throw ArgumentError("W", "W has a negative weight; mean distance needs rows of probabilities");
  }
  double total = 0.0;
  for (Eigen::Index i = 0; i < W.rows(); ++i) {
    for (Eigen::Index j = 0; j < W.cols(); ++j) total += W(i, j) * static_cast<double>(std::abs(i - j));
  }
  return total / static_cast<double>(W.rows());
}

}  // namespace atlas
