// Attention that depends only on distance: fixed decay patterns for section 9.
//
// distance_decay(kind, n, width) -> (n x n). Entry (i, j) is a kernel of the
// distance d = |i - j|, then each row is divided by its sum:
//   "linear"       max(0, 1 - d / width)           zero from d = width on
//   "exponential"  exp(-d / width)                 falls by a factor e every `width` positions
//   "gaussian"     exp(-d^2 / (2 width^2))         width is the standard deviation
// The kernel is 1 at d = 0 for every kind, so no row is ever all zero and the
// division is safe. Before normalisation the matrix is symmetric and each row
// is symmetric about its diagonal and non-increasing in d. Normalisation keeps
// each row's shape (rows near the ends lose the keys past the edge, so they
// sum to less and are scaled up more), hence the normalised matrix is not
// exactly symmetric, but every row still peaks on the diagonal and falls with d.
// These patterns are formulas, not learned: figures drawn from them are
// labelled "computed from a formula".
#pragma once

#include <string>

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument for an unknown kind, n outside 1..kMaxSequence
// or width outside 0.1..kMaxSequence.
Matrix distance_decay(const std::string& kind, int n, double width);

}  // namespace atlas
