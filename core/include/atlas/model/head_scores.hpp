// What a head does, in numbers: the scores section 13 plots over training and
// the trained-model views rank heads by. A is one head's attention (n x n),
// rows are queries and sum to 1 (causal: row i has weight on keys 0..i only).
//
//   previous_token_score(A) = mean over i >= 1 of A(i, i - 1)
//   first_token_score(A)    = mean over i of A(i, 0)
//   induction_score(A, L)   on the repeat probe [start, s, s] (tasks.hpp), |s| = L:
//                             mean over the second copy's rows q = 1 + L + k
//                             (k = 0..L-1) of A(q, 2 + k), the key just after
//                             the earlier occurrence of the query's token
//                             (Olsson et al. 2022, "prefix matching")
//   mean_row_entropy(A)     = mean over rows of -sum_j A ln A (nats)
// Mean distance is mean_attention_distance (attention/attention_distance.hpp).
// Each score is in [0, 1] except distance (positions) and entropy (nats).
#pragma once

#include "atlas/attention/matrix.hpp"

namespace atlas::model {

// Each throws std::invalid_argument unless A is square and at least 2 x 2;
// induction_score also unless A has exactly 1 + 2 L rows, L >= 1.
double previous_token_score(const Matrix& A);
double first_token_score(const Matrix& A);
double induction_score(const Matrix& A, int segment_length);
double mean_row_entropy(const Matrix& A);

}  // namespace atlas::model
