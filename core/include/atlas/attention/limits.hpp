// Size limits shared by the core's checks. They keep a slider typo (n = 1e9)
// from allocating gigabytes inside the browser tab; each is far above what a
// figure can show.
#pragma once

namespace atlas {

inline constexpr int kMaxSequence = 4096;  // n, m: tokens or positions
inline constexpr int kMaxModel = 1024;     // d_model, d_k
inline constexpr int kMaxWords = 64;       // words in a learner's sentence

}  // namespace atlas
