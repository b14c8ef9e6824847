#include "atlas/lessons/tiling.hpp"

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/random.hpp"

namespace atlas {

TilingLesson tiling_lesson(int n, int d, int block_rows, int block_cols, bool causal, std::uint64_t seed) {
  require_in_range(n, 1, kMaxTilingLessonN, "n");
  require_in_range(d, 1, kMaxTilingLessonD, "d");
  TilingLesson out;
  Rng rng(seed);
  out.Q = normal_matrix(n, d, rng);
  out.K = normal_matrix(n, d, rng);
  out.V = normal_matrix(n, d, rng);
  if (causal) out.mask = causal_mask(n);
  out.tiled = attention_tiled(out.Q, out.K, out.V, block_rows, block_cols, out.mask, true);
  out.standard = attention(out.Q, out.K, out.V, out.mask);
  out.max_difference = (out.tiled.output - out.standard.output).cwiseAbs().maxCoeff();
  return out;
}

}  // namespace atlas
