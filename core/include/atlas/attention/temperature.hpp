// Softmax with a temperature, for section 11.
//
//   softmax_temperature(scores, T) = softmax_rows(scores / T)
//
// scores (n x m) -> weights (n x m), rows summing to 1. As T -> 0 each row
// tends to all its weight on its largest score (shared equally by ties): the
// entropy falls to 0 (ln k for k tied maxima). As T grows the scores matter less
// and the row tends to uniform: the entropy rises to ln m. T = 1 is the plain
// softmax; dividing by sqrt(d_k) in attention is a fixed temperature of sqrt(d_k).
// Numerics: each row's maximum is subtracted before dividing by T, so any
// finite scores give finite weights for every T in range (scores of 1e306 with
// T = 1e-3 included, which divided first would overflow to infinity).
#pragma once

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument when scores is empty or non-finite, or T is
// outside 1e-3 .. 1e3.
Matrix softmax_temperature(const Matrix& scores, double temperature);

}  // namespace atlas
