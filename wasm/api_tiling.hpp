// Embind functions for section 17 (attention without the n x n matrix): the
// tiled computation with its trace, the lesson that sets it beside standard
// attention, and the memory and slow-memory counts. Same contract as api.hpp:
// adapt the arguments, one coarse core call, a plain object back (or {error}).
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// Q (n x d_k), K (m x d_k), V (m x d_v), blockRows, blockCols, mask (n x m) or null, trace
// -> {output (n x d_v), m, l (n), rowBlocks, colBlocks, tiles, skippedTiles, workingBytes,
//     trace: null or {rowBlock, colBlock, rowStart, rowCount, colStart, colCount, skipped
//     (one entry per tile, in visiting order: key block j outer, query block i inner),
//     m, l (T_c x n: row r's values after key block j), partial (T_c * n x d_v: rows j n ..
//     j n + n - 1 hold a / l after key block j)}}
val attention_tiled_js(const val& q, const val& k, const val& v, int block_rows, int block_cols,
                       const val& mask, bool trace);

// n, d, blockRows, blockCols, causal, seed
// -> {Q, K, V (n x d), mask (n x n) or null, scores, weights (n x n), standard (n x d),
//     tiled: as attention_tiled_js with its trace, maxDifference}
val tiling_lesson_js(int n, int d, int block_rows, int block_cols, bool causal, const val& seed);

// ns (array of n), d, blockRows, blockCols -> {inputs, standard, tiled: Float64Array (bytes)}
val attention_memory_js(const val& ns, int d, int block_rows, int block_cols);

// ns, d, M -> {blockRows, blockCols, standard, tiled: Float64Array (numbers), inRange: Float64Array (1 or 0)}
val attention_io_js(const val& ns, int d, double M);

}  // namespace atlas::wasm
