// How sinusoidal positional encodings relate to one another: everything
// section 4 draws, in one call.
//
//   PE          = positional_encoding(n, d)              (n x d), see positional.hpp
//   similarity  = PE PE^T                                (n x n), S(p, q) = PE(p) . PE(q)
//   dimensions  = PE[:, dims]^T                          (k x n), row r = dimension dims[r] over positions
//   rows        = similarity[positions, :]               (m x n), row r = S(positions[r], q) for every q
//
// Why the similarity is worth drawing: for even d the pairs (sin, cos) of one
// frequency w_i give sin(p w_i) sin(q w_i) + cos(p w_i) cos(q w_i) = cos((p - q) w_i),
// so S(p, q) = sum_i cos((p - q) w_i) depends only on the offset p - q (a shift
// of both positions changes nothing), equals d/2 on the diagonal, and is an
// oscillating sum of cosines elsewhere: it falls with |p - q| on the whole but
// not monotonically. With odd d the unpaired last sin column breaks the exact
// offset-only form slightly. We compute S as the matrix product PE PE^T (Eigen's
// symmetric rank update: the lower triangle, then mirrored),
// not from the closed form, so the figure shows what a dot product of two
// encodings really gives; the tests check it against the closed form.
// Cost: O(n^2 d / 2), about 6.7e7 multiply-adds at n = d = 512.
#pragma once

#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas {

inline constexpr int kMaxSeries = 6;  // curves per line chart: more are unreadable

struct PositionSimilarity {
  Matrix encoding;    // PE (n x d)
  Matrix similarity;  // S = PE PE^T (n x n), symmetric
  Matrix dimensions;  // (k x n), k = dims.size()
  Matrix rows;        // (m x n), m = positions.size()
};

// Throws std::invalid_argument unless 1 <= n <= kMaxSequence, 1 <= d <= kMaxModel,
// dims and positions each hold 1..kMaxSeries entries, every dims entry is in
// 0..d-1 and every positions entry in 0..n-1 (the message names the list, the
// index and the allowed range).
PositionSimilarity position_similarity(int n, int d, const std::vector<int>& dims,
                                       const std::vector<int>& positions);

}  // namespace atlas
