// One query's row of scaled dot-product attention, taken apart into the steps
// the computation strip of sections 1, 3 and 6 draws:
//
//   products(j, c) = Q(i, c) * K(j, c)            (m x d_k)  elementwise q_i * k_j
//   raw(j)         = sum_c products(j, c)         (m)        the dot product q_i . k_j
//   scaled(j)      = raw(j) / sqrt(d_k)           (m)        row i of the scores
//   weights        = softmax(scaled) over allowed keys (m)   row i of the weights
//   weighted(j, :) = weights(j) * V(j, :)         (m x d_v)  each value scaled by its weight
//   output         = sum_j weighted(j, :)         (d_v)      row i of the output
//
// Shapes: Q (n x d_k), K (m x d_k), V (m x d_v), mask (n x m, 1 = blocked), as
// in attention.hpp. scaled, weights and output are row `query` of attention()'s
// own scores, weights and output (one source of truth, so the strip's weight
// is the heatmap's weight); products, raw and weighted are the pieces those
// are made of, computed separately so that a test can check they recompose.
// Why each step exists: dividing by sqrt(d_k) keeps the variance of a score
// near 1 when q and k have unit-variance entries; the softmax turns any row of
// real numbers into a distribution; the output is a mixture of the values.
// A blocked key keeps its score in `scaled` (scores are taken before masking)
// but is excluded from the softmax: its weight and its weighted row are 0.
// Non-goals: several queries at once, gradients.
#pragma once

#include <optional>

#include "atlas/attention/matrix.hpp"

namespace atlas {

struct AttentionTrace {
  double scale = 1.0;  // sqrt(d_k)
  Matrix products;     // (m x d_k) products(j, c) = Q(query, c) * K(j, c)
  Vector raw;          // (m) q . k_j, before scaling
  Vector scaled;       // (m) raw / sqrt(d_k): row `query` of the scores, before masking
  Vector blocked;      // (m) 1 = excluded from the softmax, 0 = allowed
  Vector weights;      // (m) row `query` of the weights: sums to 1, or all 0 when fully blocked
  Matrix weighted;     // (m x d_v) weights(j) * V(j, :)
  Vector output;       // (d_v) row `query` of the output = column sums of weighted
};

// Throws std::invalid_argument naming the argument when query is outside
// 0..n-1, or Q, K, V or the mask are invalid (see attention.hpp).
AttentionTrace attention_trace(const Matrix& Q, const Matrix& K, const Matrix& V, int query,
                               const std::optional<Matrix>& mask = std::nullopt);

}  // namespace atlas
