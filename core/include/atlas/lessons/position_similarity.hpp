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
// offset-only form slightly. We compute S from that identity: the dot product
// PE(k) . PE(0) of the paired columns for each offset k = |p - q| (the encoding's
// own numbers, not the formula), plus the unpaired column's product for odd d;
// the tests check S against the matrix product PE PE^T and the closed form.
// Cost: O(n d + n^2), where the product was O(n^2 d / 2) (13 ms at n = 512,
// d = 128 in WASM: most of a slider step).
#pragma once

#include <vector>

#include "atlas/attention/limits.hpp"
#include "atlas/attention/matrix.hpp"

namespace atlas {

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
