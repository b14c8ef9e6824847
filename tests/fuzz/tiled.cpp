// Fuzzes section 17's tiled attention (tiled_attention.hpp) and the lesson and
// cost counts around it (tiling.hpp, attention_costs.hpp) with fuzzed shapes,
// values, masks and block sizes. Invariants on top of the sanitizers:
//   any block size is either accepted (1..kMaxSequence) or refused with
//   invalid_argument, whatever the shapes and the mask;
//   T_r = ceil(n / B_r), T_c = ceil(m / B_c), tiles = T_r T_c; a tile is
//   skipped exactly when the mask blocks all of it; a trace has one entry per tile;
//   a row with no allowed key has l = 0, m = -infinity and a zero output;
//   on inputs of modest size the tiled output equals attention()'s within
//   rounding (the same sums in another order), with and without a mask;
//   the lesson's max_difference is rounding; the cost counts are finite,
//   positive and follow their formulas' growth (standard memory n^2, tiled n).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/tiled_attention.hpp"
#include "atlas/lessons/attention_costs.hpp"
#include "atlas/lessons/tiling.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using atlas::Matrix;
using namespace atlas::fuzz;

Matrix values(FuzzedDataProvider& in, bool modest, int rows, int cols) {
  if (!modest) return matrix(in, rows, cols);
  Matrix m(rows, cols);
  for (Eigen::Index k = 0; k < m.size(); ++k) m.data()[k] = in.ConsumeFloatingPointInRange(-4.0, 4.0);
  return m;
}

int blocks_of(int count, int block) { return (count + block - 1) / block; }

void tiled(FuzzedDataProvider& in) {
  const int n = in.ConsumeIntegralInRange(0, 12), m = in.ConsumeIntegralInRange(0, 12);
  const int dk = in.ConsumeIntegralInRange(1, 6), dv = in.ConsumeIntegralInRange(0, 6);
  const int block_rows = size(in, 1, 13, atlas::kMaxSequence), block_cols = size(in, 1, 13, atlas::kMaxSequence);
  const bool modest = in.ConsumeBool(), trace = in.ConsumeBool();
  std::optional<Matrix> mask;
  if (in.ConsumeBool()) mask = atlas::fuzz::mask(in, shape(in, n), shape(in, m));
  const Matrix Q = values(in, modest, n, dk), K = values(in, modest, m, shape(in, dk)), V = values(in, modest, shape(in, m), dv);
  const bool blocks_valid = block_rows >= 1 && block_rows <= atlas::kMaxSequence && block_cols >= 1 &&
                            block_cols <= atlas::kMaxSequence;
  const bool ok = expect_ok_or_invalid([&] {
    const atlas::TiledAttentionResult r = atlas::attention_tiled(Q, K, V, block_rows, block_cols, mask, trace);
    check(r.output.rows() == n && r.output.cols() == dv, "output is n x d_v");
    require_finite(r.output, "output finite");
    check(r.row_blocks == blocks_of(n, block_rows) && r.col_blocks == blocks_of(m, block_cols) &&
              r.tiles == r.row_blocks * r.col_blocks,
          "T_r = ceil(n / B_r), T_c = ceil(m / B_c), T_r T_c tiles");
    check(trace ? static_cast<int>(r.trace.size()) == r.tiles : r.trace.empty(), "one trace entry per tile, if asked");
    int skipped = 0;
    for (int j = 0; j < r.col_blocks; ++j) {
      for (int i = 0; i < r.row_blocks; ++i) {
        const int r0 = i * block_rows, c0 = j * block_cols;
        const int rows = std::min(block_rows, n - r0), cols = std::min(block_cols, m - c0);
        skipped += mask && (mask->block(r0, c0, rows, cols).array() == 1.0).all() ? 1 : 0;
      }
    }
    check(r.skipped_tiles == skipped, "a tile is skipped exactly when the mask blocks all of it");
    for (int row = 0; row < n; ++row) {
      const bool none = m == 0 || (mask && (mask->row(row).array() == 1.0).all());
      check(none == (r.l(row) == 0.0), "l = 0 exactly for a row with no allowed key");
      if (none) {
        check(r.m(row) == -std::numeric_limits<double>::infinity() && (r.output.row(row).array() == 0.0).all(),
              "such a row keeps m = -infinity and gets a zero output");
      }
    }
    if (!modest) return;
    const atlas::AttentionResult standard = atlas::attention(Q, K, V, mask);
    const double largest = V.size() ? V.cwiseAbs().maxCoeff() : 0.0;
    check(((r.output - standard.output).cwiseAbs().array() <= 1e-12 * (1.0 + largest)).all(),
          "the tiled output equals attention()'s");
  });
  if (!blocks_valid) check(!ok, "a block size outside 1..kMaxSequence is refused");
}

void lesson(FuzzedDataProvider& in) {
  const int n = size(in, 1, 24, atlas::kMaxTilingLessonN), d = size(in, 1, 8, atlas::kMaxTilingLessonD);
  const int block_rows = size(in, 1, 26, atlas::kMaxSequence), block_cols = size(in, 1, 26, atlas::kMaxSequence);
  const bool causal = in.ConsumeBool();
  expect_ok_or_invalid([&] {
    const atlas::TilingLesson t = atlas::tiling_lesson(n, d, block_rows, block_cols, causal, in.ConsumeIntegral<std::uint64_t>());
    check(t.max_difference <= 1e-12, "the lesson's tiled and standard outputs agree");
    check(static_cast<int>(t.tiled.trace.size()) == t.tiled.tiles, "the lesson traces every tile");
  });
}

void costs(FuzzedDataProvider& in) {
  std::vector<int> ns(in.ConsumeIntegralInRange(0, 70));
  for (int& n : ns) n = size(in, 1, 1 << 16, atlas::kMaxCostN);
  const int d = size(in, 1, 128, atlas::kMaxModel);
  const int block_rows = size(in, 1, 128, atlas::kMaxSequence), block_cols = size(in, 1, 128, atlas::kMaxSequence);
  const long M = in.ConsumeIntegralInRange<long>(-2, atlas::kMaxFastMemory + 2);
  expect_ok_or_invalid([&] {
    const atlas::AttentionMemory mem = atlas::attention_memory(ns, d, block_rows, block_cols);
    for (std::size_t k = 0; k < ns.size(); ++k) {
      const double n = ns[k];
      check(mem.standard(k) == 8.0 * (2.0 * n * n + n), "standard memory: scores, weights, row sums");
      check(mem.tiled(k) > 0.0 && mem.tiled(k) <= 8.0 * (n * n + 2.0 * n), "tiled memory: at most one n x n tile and m, l");
    }
  });
  expect_ok_or_invalid([&] {
    const atlas::AttentionIo io = atlas::attention_io(ns, d, M);
    check(io.block_cols >= 1 && io.block_rows >= 1 && io.block_rows <= d, "B_c >= 1, 1 <= B_r <= d");
    for (Eigen::Index k = 0; k < io.standard.size(); ++k) {
      check(std::isfinite(io.tiled(k)) && io.tiled(k) > 0.0 && io.standard(k) > 0.0, "counts finite and positive");
    }
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange(0, 3)) {
    case 0: case 1: tiled(in); break;
    case 2: lesson(in); break;
    default: costs(in); break;
  }
  return 0;
}
