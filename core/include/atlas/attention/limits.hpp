// Size limits and ranges shared by the core's checks. They keep a slider typo
// (n = 1e9) from allocating gigabytes inside the browser tab; each is far above
// what a figure can show. The wasm layer exports them (wasm/api_limits.cpp) and
// the JS facade checks its arguments against those, so each is written once.
#pragma once

#include <cstdint>

namespace atlas {

inline constexpr int kMaxSequence = 4096;  // n, m: tokens or positions
inline constexpr int kMaxModel = 1024;     // d_model, d_k
inline constexpr int kMaxWords = 64;       // words in a learner's sentence
inline constexpr int kMaxSeries = 6;       // curves per line chart: more are unreadable
inline constexpr int kMaxStack = 64;       // layers in one rollout
// Seeds travel as JS numbers: integers 0..2^32-1 convert exactly.
inline constexpr std::uint64_t kMaxSeed = 0xffffffffu;

// Ranges of the lessons' knobs (the functions that take them say what they mean).
inline constexpr double kMaxPositional = 10.0;  // strength of the positional encoding
inline constexpr int kMaxAlibiHeads = 16;
inline constexpr double kMaxSlopeScale = 100.0;
inline constexpr double kMaxNoise = 3.0;      // the hand-built layers' score noise
inline constexpr double kMinWidth = 0.1;      // a decay's width, in positions (at most kMaxSequence)
inline constexpr double kMinConcentration = 0.01, kMaxConcentration = 1000.0;
inline constexpr double kMinTemperature = 1e-3, kMaxTemperature = 1e3;

// Section 17 (tiling.hpp, attention_costs.hpp). The lesson keeps a trace of every
// tile and both n x n matrices, so its n stays small; the cost counts are formulas,
// so their lengths may go far past kMaxSequence.
inline constexpr int kMaxTilingLessonN = 256;
inline constexpr int kMaxTilingLessonD = 64;
inline constexpr int kMaxCostN = 1 << 20;        // a sequence length of the counts
inline constexpr int kMaxCostLengths = 64;       // lengths per call: the points of one chart
inline constexpr long kMaxFastMemory = 1L << 30;  // M, numbers of fast memory

}  // namespace atlas
