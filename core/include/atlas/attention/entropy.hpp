// Shannon entropy of each row of an attention matrix, in nats.
//
//   H(row) = -sum_j w_j ln w_j,   with 0 ln 0 = 0
//
// entropy(W) with W (n x m) -> Vector of length n. H = 0 for a one-hot row
// (all weight on one key) and H = ln m for a uniform row, the largest possible.
// A fully blocked row of zeros (see attention.hpp) has entropy 0.
#pragma once

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument when W has a negative or non-finite entry, or a
// row that neither sums to 1 (within 1e-6) nor is all zero.
Vector entropy(const Matrix& W);

}  // namespace atlas
