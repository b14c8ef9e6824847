// Section 17: standard attention next to the tiled computation of the same
// inputs, with the tiled run's per-tile trace, in one call.
//
//   tiling_lesson(n, d, block_rows, block_cols, causal, seed)
//     Q, K, V   (n x d) each, N(0, 1) draws from the seed (Q, then K, then V)
//     mask      (n x n) causal_mask(n) when causal, else none
//     standard  attention(Q, K, V, mask): scores and weights (n x n), output (n x d)
//     tiled     attention_tiled(Q, K, V, block_rows, block_cols, mask, trace = true)
//     max_difference  max over all entries of |tiled.output - standard.output|
// The stepper of section 17 walks tiled.trace; the scores it reveals tile by
// tile are standard.scores (the same Q K^T / sqrt(d), computed once in full only
// so the page can show what each tile held).
#pragma once

#include <cstdint>
#include <optional>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/tiled_attention.hpp"

namespace atlas {

struct TilingLesson {
  Matrix Q, K, V;              // (n x d)
  std::optional<Matrix> mask;  // (n x n), when causal
  AttentionResult standard;
  TiledAttentionResult tiled;
  double max_difference = 0;
};

// Throws std::invalid_argument for n outside 1..kMaxTilingLessonN (256), d outside
// 1..kMaxTilingLessonD (64) (attention/limits.hpp), or block
// sizes attention_tiled rejects (the message names the argument).
TilingLesson tiling_lesson(int n, int d, int block_rows, int block_cols, bool causal, std::uint64_t seed);

}  // namespace atlas
