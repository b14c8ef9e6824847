// Scaled dot-product attention (Vaswani et al. 2017, eq. 1):
//
//   weights = softmax(Q K^T / sqrt(d_k))      row-wise, blocked entries excluded
//   output  = weights V
//
// Shapes: Q (n x d_k), K (m x d_k), V (m x d_v), mask (n x m) -> output (n x d_v),
// weights (n x m). n queries attend over m keys; m == n for self-attention,
// m != n for cross-attention.
//
// Mask convention: 1 = blocked, 0 = allowed (any other value is rejected).
// A blocked entry behaves as a score of -infinity: it gets weight exactly 0.
// We do not add a large negative constant (-1e9) because that sentinel stops
// being "large" once scores reach its magnitude, and it gives a fully blocked
// row a uniform distribution over keys it must not see. A fully blocked row
// gets all-zero weights (and a zero output row), never NaN.
//
// Numerics: the row maximum over allowed entries is subtracted before exp, so
// the largest term is exp(0) = 1 and scores of magnitude 1e4 neither overflow
// nor underflow the sum. Dividing by sqrt(d_k) keeps the score variance near 1
// when the entries of Q and K have unit variance, so the softmax does not
// saturate as d_k grows.
//
// Precision: two functions, one algorithm (a template in attention.cpp).
//   attention (Matrix, double): the default. Every figure builder and every parity test
//     uses it; WASM and native agree to the last bits.
//   attention_f32 (MatrixF, float): the fast path for large n (JS: attention(Q, K, V,
//     {precision: 'float32'})). Products in float (half the bytes, twice the SIMD
//     lanes) and exp by a vectorised polynomial (vector_exp.hpp). Against the
//     double path on N(0, 1) inputs up to n = 1024, d = 64 (tests/core/attention/
//     attention_float_test.cpp): weights within 1e-5 absolute, rows sum to 1
//     within 1e-5, scores and output within 1e-4 absolute.
// Checks are whole-matrix passes (allFinite, one mask pass) before the work and
// none inside the loops.
//
// Non-goals: batching, dropout, gradients (the trainer has its own forward and
// backward: core/include/atlas/model/causal_attention.hpp).
#pragma once

#include <optional>

#include "atlas/attention/matrix.hpp"

namespace atlas {

template <typename M, typename V>
struct BasicAttentionResult {
  M output;    // (n x d_v)
  M weights;   // (n x m), each row sums to 1 (or is all 0 when fully blocked)
  M scores;    // (n x m), Q K^T / sqrt(d_k) before masking
  V row_sums;  // (n), 1 for every row with an allowed key, 0 for a fully blocked row
};
using AttentionResult = BasicAttentionResult<Matrix, Vector>;
using AttentionResultF = BasicAttentionResult<MatrixF, VectorF>;

// Throws std::invalid_argument naming the argument when shapes disagree,
// a matrix is empty or non-finite, the mask holds values other than 0 and 1,
// or the scores or the output overflow (entries near the largest double).
AttentionResult attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                          const std::optional<Matrix>& mask = std::nullopt);
// A name of its own, not an overload: an Eigen expression argument (X * Wq)
// would make an overload set ambiguous.
AttentionResultF attention_f32(const MatrixF& Q, const MatrixF& K, const MatrixF& V,
                               const std::optional<MatrixF>& mask = std::nullopt);

// Row-wise softmax of `scores` (n x m) with blocked entries (mask == 1) set to 0.
// Exposed for callers that build scores themselves (distance bias, temperature).
Matrix masked_softmax(const Matrix& scores, const std::optional<Matrix>& mask = std::nullopt);

}  // namespace atlas
