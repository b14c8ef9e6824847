#include "atlas/lessons/attention_trace.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/check.hpp"

namespace atlas {

AttentionTrace attention_trace(const Matrix& Q, const Matrix& K, const Matrix& V, int query,
                               const std::optional<Matrix>& mask) {
  require_finite(Q, "Q");
  require_in_range(query, 0, static_cast<int>(Q.rows()) - 1, "query");
  if (mask && (mask->rows() != Q.rows() || mask->cols() != K.rows())) {
    throw ArgumentError("mask", "mask is " + shape_of(*mask) + "; expected " +
                                std::to_string(Q.rows()) + " x " + std::to_string(K.rows()) +
                                " (queries x keys)");
  }
  // The whole attention, so the row shown is the very row the heatmap draws
  // (and attention() checks shapes, finiteness and the mask's 0/1 values).
  const AttentionResult full = attention(Q, K, V, mask);

  AttentionTrace t;
  t.scale = std::sqrt(static_cast<double>(Q.cols()));
  t.products = K.array().rowwise() * Q.row(query).array();
  t.raw = t.products.rowwise().sum();
  t.scaled = full.scores.row(query).transpose();
  t.blocked = mask ? Vector(mask->row(query).transpose()) : Vector::Zero(K.rows());
  t.weights = full.weights.row(query).transpose();
  t.weighted = V.array().colwise() * t.weights.array();
  t.output = full.output.row(query).transpose();
  return t;
}

}  // namespace atlas
