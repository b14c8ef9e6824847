// Masks of decoder attention (1 = blocked, 0 = allowed, attention()'s convention).
//
// causal_mask(n) -> (n x n) with 1 above the diagonal (blocked) and 0 on and
// below it (allowed): query i may attend to keys 0..i and never to a later one,
// so training on a whole sentence at once cannot peek at the word it predicts.
//
// window_mask(n, window, sinks) -> (n x n): causal, and query i sees only the
// last `window` keys i - window + 1 .. i (itself included: a sliding window,
// Beltagy et al. 2020, section 3.1; Mistral 7B, Jiang et al. 2023, section 2),
// plus the first `sinks` keys 0 .. sinks - 1 whenever they are not in the
// future (attention sinks, Xiao et al. 2023, section 3.2: StreamingLLM keeps the
// first tokens' keys and values beside the recent window). Allowed: j <= i and
// (i - j < window or j < sinks). A window >= n is the causal mask; sinks = 0 is
// the plain window.
#pragma once

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument unless 1 <= n <= kMaxSequence (limits.hpp).
Matrix causal_mask(int n);

// Throws std::invalid_argument unless 1 <= n, window <= kMaxSequence and
// 0 <= sinks <= window (named "n", "window", "sinks").
Matrix window_mask(int n, int window, int sinks = 0);

}  // namespace atlas
