// Sinusoidal positional encoding (Vaswani et al. 2017, section 3.5).
//
//   PE(p, 2i)     = sin(p / 10000^(2i / d))
//   PE(p, 2i + 1) = cos(p / 10000^(2i / d))
//
// positional_encoding(n, d) -> (n x d); row p encodes position p = 0..n-1.
// positional_encoding(n, d, first): the rows of positions first..first+n-1 alone.
// Columns 2i and 2i+1 share one frequency w_i = 10000^(-2i/d), so each pair is
// a point on a circle at angle p * w_i: shifting the position by k rotates
// every pair by the angle k * w_i, a linear map that does not depend on p.
// Frequencies fall geometrically from 1 (period 2*pi) to about 1/10000
// (period about 2*pi*10000). With odd d the last column is a sin with no cos partner.
#pragma once

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument unless 1 <= n <= kMaxSequence, 1 <= d <= kMaxModel and
// 0 <= first <= kMaxSequence - n.
Matrix positional_encoding(int n, int d, int first = 0);

}  // namespace atlas
