// The causal mask of autoregressive (decoder) attention.
//
// causal_mask(n) -> (n x n) with 1 above the diagonal (blocked) and 0 on and
// below it (allowed): query i may attend to keys 0..i and never to a later one,
// so training on a whole sentence at once cannot peek at the word it predicts.
#pragma once

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument unless 1 <= n <= kMaxSequence (limits.hpp).
Matrix causal_mask(int n);

}  // namespace atlas
