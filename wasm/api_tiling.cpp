#include "api_tiling.hpp"

#include <optional>
#include <vector>

#include "atlas/lessons/attention_costs.hpp"
#include "atlas/lessons/tiling.hpp"

namespace atlas::wasm {
namespace {

std::optional<Matrix> optional_mask(const val& mask) {
  if (mask.isNull() || mask.isUndefined()) return std::nullopt;
  return matrix_from_js(mask, "mask");
}

// The trace as flat arrays (a few calls across the boundary, not a few per tile).
val trace_to_js(const TiledAttentionResult& r) {
  const auto tiles = static_cast<Eigen::Index>(r.trace.size());
  const Eigen::Index n = r.m.size(), dv = r.output.cols();
  Vector row_block(tiles), col_block(tiles), row_start(tiles), row_count(tiles), col_start(tiles),
      col_count(tiles), skipped(tiles);
  Matrix m(r.col_blocks, n), l(r.col_blocks, n), partial(static_cast<Eigen::Index>(r.col_blocks) * n, dv);
  for (Eigen::Index k = 0; k < tiles; ++k) {
    const TileStep& t = r.trace[k];
    row_block(k) = t.row_block;
    col_block(k) = t.col_block;
    row_start(k) = t.row_start;
    row_count(k) = t.row_count;
    col_start(k) = t.col_start;
    col_count(k) = t.col_count;
    skipped(k) = t.skipped ? 1 : 0;
    m.row(t.col_block).segment(t.row_start, t.row_count) = t.m.transpose();
    l.row(t.col_block).segment(t.row_start, t.row_count) = t.l.transpose();
    partial.middleRows(static_cast<Eigen::Index>(t.col_block) * n + t.row_start, t.row_count) = t.partial;
  }
  val out = val::object();
  out.set("rowBlock", vector_to_js(row_block));
  out.set("colBlock", vector_to_js(col_block));
  out.set("rowStart", vector_to_js(row_start));
  out.set("rowCount", vector_to_js(row_count));
  out.set("colStart", vector_to_js(col_start));
  out.set("colCount", vector_to_js(col_count));
  out.set("skipped", vector_to_js(skipped));
  out.set("m", matrix_to_js(m));
  out.set("l", matrix_to_js(l));
  out.set("partial", matrix_to_js(partial));
  return out;
}

val tiled_to_js(const TiledAttentionResult& r) {
  val out = val::object();
  out.set("output", matrix_to_js(r.output));
  out.set("m", vector_to_js(r.m));
  out.set("l", vector_to_js(r.l));
  out.set("rowBlocks", r.row_blocks);
  out.set("colBlocks", r.col_blocks);
  out.set("tiles", r.tiles);
  out.set("skippedTiles", r.skipped_tiles);
  out.set("workingBytes", static_cast<double>(r.working_bytes));
  out.set("trace", r.trace.empty() ? val::null() : trace_to_js(r));
  return out;
}

Vector flags_of(const std::vector<bool>& flags) {
  Vector out(static_cast<Eigen::Index>(flags.size()));
  for (std::size_t k = 0; k < flags.size(); ++k) out(static_cast<Eigen::Index>(k)) = flags[k] ? 1 : 0;
  return out;
}

}  // namespace

val attention_tiled_js(const val& q, const val& k, const val& v, int block_rows, int block_cols,
                       const val& mask, bool trace) {
  return guarded([&] {
    return tiled_to_js(attention_tiled(matrix_from_js(q, "Q"), matrix_from_js(k, "K"), matrix_from_js(v, "V"),
                                       block_rows, block_cols, optional_mask(mask), trace));
  });
}

val tiling_lesson_js(int n, int d, int block_rows, int block_cols, bool causal, const val& seed) {
  return guarded([&] {
    const TilingLesson t = tiling_lesson(n, d, block_rows, block_cols, causal, seed_from_js(seed));
    val out = val::object();
    out.set("Q", matrix_to_js(t.Q));
    out.set("K", matrix_to_js(t.K));
    out.set("V", matrix_to_js(t.V));
    out.set("mask", t.mask ? matrix_to_js(*t.mask) : val::null());
    out.set("scores", matrix_to_js(t.standard.scores));
    out.set("weights", matrix_to_js(t.standard.weights));
    out.set("standard", matrix_to_js(t.standard.output));
    out.set("tiled", tiled_to_js(t.tiled));
    out.set("maxDifference", t.max_difference);
    return out;
  });
}

val attention_memory_js(const val& ns, int d, int block_rows, int block_cols) {
  return guarded([&] {
    const AttentionMemory m = attention_memory(emscripten::vecFromJSArray<int>(ns), d, block_rows, block_cols);
    val out = val::object();
    out.set("inputs", vector_to_js(m.inputs));
    out.set("standard", vector_to_js(m.standard));
    out.set("tiled", vector_to_js(m.tiled));
    return out;
  });
}

val attention_io_js(const val& ns, int d, double M) {
  return guarded([&] {
    const AttentionIo io = attention_io(emscripten::vecFromJSArray<int>(ns), d, static_cast<long>(M));
    val out = val::object();
    out.set("blockRows", io.block_rows);
    out.set("blockCols", io.block_cols);
    out.set("standard", vector_to_js(io.standard));
    out.set("tiled", vector_to_js(io.tiled));
    out.set("inRange", vector_to_js(flags_of(io.in_range)));
    return out;
  });
}

}  // namespace atlas::wasm
