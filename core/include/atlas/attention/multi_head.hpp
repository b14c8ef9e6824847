// Multi-head attention (Vaswani et al. 2017, section 3.2.2):
//
//   head_h = attention(X W_Q^h, X W_K^h, X W_V^h)        h = 0 .. heads-1
//   concat = [head_0 | head_1 | ... | head_{heads-1}]
//   output = concat W_O
//
// Shapes: X (n x d_model); W_Q, W_K, W_V, W_O (d_model x d_model);
// d_k = d_model / heads. W_Q^h = columns h*d_k .. (h+1)*d_k - 1 of W_Q
// (d_model x d_k), likewise for K and V, so Q_h, K_h, V_h (n x d_k), each
// head's weights (n x n) and output (n x d_k); concat (n x d_model),
// output (n x d_model). Splitting one d_model x d_model matrix into column
// blocks is the same as drawing heads separate d_model x d_k matrices (it is
// how implementations store them), and it means that changing the number of
// heads only regroups the same projected dimensions: Q = X W_Q is identical for
// every head count. The total cost of the products is that of one head of
// width d_model; each head's scores are divided by sqrt(d_k), its own width.
//
// Random weights (projections.hpp) are the same draws as self_attention's: with one
// head, multi-head attention reproduces self_attention's weights for the same seed.
// Random weights give heads that differ only by chance; nothing here is trained.
// Non-goals: biases, dropout, batching, gradients (the trainer has its own attention
// with its backward pass: core/include/atlas/model/causal_attention.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/matrix.hpp"
#include "atlas/attention/projections.hpp"

namespace atlas {

struct HeadResult {
  Matrix Q, K, V;          // (n x d_k) each
  AttentionResult result;  // weights (n x n), scores (n x n), output (n x d_k)
};

struct MultiHeadResult {
  int d_k = 0;
  std::vector<HeadResult> heads;  // heads.size() == number of heads
  Matrix concat;                  // (n x d_model), head outputs side by side
  Matrix output;                  // (n x d_model) = concat W_O
};

// mask (n x n, 1 = blocked) applies to every head. Throws std::invalid_argument
// when heads is outside 1..d_model, d_model is not a multiple of heads, a
// projection is not (d_model x d_model) with d_model = X.cols(), or X or the
// mask is invalid (see attention.hpp).
MultiHeadResult multi_head_attention(const Matrix& X, const MultiHeadProjections& projections,
                                     int heads, const std::optional<Matrix>& mask = std::nullopt);
// The same with draws.matrix(...) at d_model = X.cols() as the projections, multiplied from
// the kept draws (a caller that keeps `draws` across d_model pays only for new shells).
MultiHeadResult multi_head_attention(const Matrix& X, ProjectionDraws& draws, int heads,
                                     const std::optional<Matrix>& mask = std::nullopt);

}  // namespace atlas
