// Mean attention distance: how far, in positions, a row of attention reaches.
//
//   mean_attention_distance(W) = (1/n) sum_i sum_j W(i, j) |i - j|
//
// W (n x m), rows of probabilities (query i over keys j, same position index
// for both, as in self-attention). Each row's term is the expected distance to
// the key it takes from; the result averages those over the n queries.
// 0 means every query takes only from its own position; uniform self-attention
// over n positions gives (n^2 - 1) / (3n), about n / 3.
// Used by the layer illustration (section 10) to summarise "local vs broad";
// Clark et al. (2019) and Vig & Belinkov (2019) plot the same statistic per head.
#pragma once

#include "atlas/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument when W has a negative or non-finite entry.
double mean_attention_distance(const Matrix& W);

}  // namespace atlas
