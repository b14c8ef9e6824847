// The fixed rows whose entropy section 11 measures, each from a formula.
//
// focus_rows(n) -> (3 x n), rows over keys j = 0..n-1, c = (n - 1) / 2
// (integer division, the middle key):
//   0 "focused"    all weight on key c                     entropy 0
//   1 "moderate"   proportional to 2^-|j - c|: halves with each step away from c
//   2 "uniform"    1/n on every key                        entropy ln n, the maximum
// ramp_scores(n) -> (1 x n): scores falling linearly from +2 on key 0 to -2 on
// key n - 1 (0 when n = 1).
// uniform_entropy(n) = ln n: the entropy of a uniform row over n keys, the
// ceiling that every entropy figure draws as a reference. Distinct values, so softmax_temperature
// (temperature.hpp) tends to one-hot on key 0 as T -> 0 and to uniform as T grows.
#pragma once

#include "atlas/attention/matrix.hpp"

namespace atlas {

// All throw std::invalid_argument unless 1 <= n <= kMaxSequence.
Matrix focus_rows(int n);
Matrix ramp_scores(int n);
double uniform_entropy(int n);

}  // namespace atlas
