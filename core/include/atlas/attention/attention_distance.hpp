// How an attention matrix spends its weight over distance |i - j|.
//
// mean_by_distance(W, mask) with W (n x n), mask (n x n, 1 = blocked) ->
// Vector of length n: entry d is the mean of W(i, j) over the allowed pairs
// with |i - j| = d (without a mask: n pairs at d = 0 and 2 (n - d) at d > 0).
// This is the curve section 9 plots: a local pattern falls with d, a uniform
// one is flat at 1/n. Blocked pairs are left out rather than counted as
// zeros, so a causal matrix is averaged over the keys a query may see (there
// is always one: query n - 1 sees key n - 1 - d); a distance whose pairs are
// all blocked gets 0.
//
// mass_within(W, radius) -> the weight a row puts on keys with |i - j| <= radius,
// averaged over rows: 1 for a pattern that never looks further than radius,
// (2 radius + 1) / n (fewer at the ends) for a uniform one.
// Both need a square matrix: distance between query i and key j only means
// something when queries and keys are the same positions.
//
// mean_attention_distance(W) = (1/n) sum_i sum_j W(i, j) |i - j|: each row's
// expected distance to the key it takes from, averaged over the n queries.
// 0 means every query takes only from its own position; uniform self-attention
// over n positions gives (n^2 - 1) / (3n), about n / 3. Section 10 uses it to
// summarise "local vs broad"; Clark et al. (2019) and Vig & Belinkov (2019)
// plot the same statistic per head.
#pragma once

#include <optional>

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument when W is not square, empty or not finite, or
// the mask is not of W's shape.
Vector mean_by_distance(const Matrix& W, const std::optional<Matrix>& mask = std::nullopt);

// Throws as mean_by_distance, and when radius < 0.
double mass_within(const Matrix& W, int radius);

// Throws std::invalid_argument when W has a negative or non-finite entry.
double mean_attention_distance(const Matrix& W);

}  // namespace atlas
