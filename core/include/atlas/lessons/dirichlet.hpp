// Random attention rows from a symmetric Dirichlet distribution, for section 11.
//
// dirichlet_rows(rows, n, concentration, seed) -> (rows x n), each row an
// independent draw from Dir(alpha, ..., alpha) with alpha = concentration:
// non-negative, summing to 1, with mean 1/n per entry. Small alpha (< 1) gives
// spiky rows (low entropy), alpha = 1 is uniform over all distributions,
// large alpha gives rows close to uniform (entropy near ln n).
//
// Sampling: x_j ~ Gamma(alpha, 1), row = x / sum(x). Gamma uses
// Marsaglia & Tsang (2000, "A simple method for generating gamma variables")
// for alpha >= 1, and for alpha < 1 the boost Gamma(alpha) = Gamma(alpha + 1) * U^(1/alpha).
// Every draw comes from atlas::Rng (uniform and normal only), so native and
// WASM give the same rows for the same seed (std::gamma_distribution differs
// between libstdc++ and libc++).
// Numerics: we keep log x_j, not x_j. With alpha = 0.05, U^(1/alpha) = U^20 is
// often below 1e-300 and every x_j of a row can underflow to 0, giving 0/0.
// Normalising in log space (subtract the row's largest log x_j before exp)
// always leaves one entry at exp(0) = 1, so the sum is >= 1 and finite.
#pragma once

#include <cstdint>

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument unless 1 <= rows <= kMaxSequence,
// 1 <= n <= kMaxSequence and 0.01 <= concentration <= 1000.
Matrix dirichlet_rows(int rows, int n, double concentration, std::uint64_t seed);

}  // namespace atlas
