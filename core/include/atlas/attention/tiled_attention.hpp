// Attention computed tile by tile, never holding the n x m score matrix: the
// online softmax of Milakov & Gimelshein (2018, Algorithm 3) in the block form
// of FlashAttention (Dao et al. 2022, section 3.1 and Algorithm 1).
//
//   attention_tiled(Q, K, V, block_rows, block_cols, mask)
//     Q (n x d_k), K (m x d_k), V (m x d_v), mask (n x m, 1 = blocked) or none
//     -> output (n x d_v) = attention(Q, K, V, mask).output, within rounding
//
// Keys and values are cut into T_c blocks of block_cols rows, queries into T_r
// blocks of block_rows rows (the last block of each may be shorter). As in
// Algorithm 1 the outer loop runs over key blocks j and the inner one over query
// blocks i; tile (i, j) is S_ij = Q_i K_j^T / sqrt(d_k) (block_rows x block_cols).
// Each query row r keeps three things between tiles:
//   m_r  the largest allowed score seen so far (-infinity before the first one)
//   l_r  sum over the keys seen so far of exp(s_rk - m_r)
//   a_r  sum over the keys seen so far of exp(s_rk - m_r) v_k   (d_v numbers)
// When a tile brings a larger maximum m', the old sums are rescaled by
// exp(m_r - m') <= 1 before the tile's terms are added (Algorithm 1 lines 10-12),
// so every exponent is <= 0 and nothing overflows, exactly as the row-max
// subtraction of the standard softmax. After the last tile o_r = a_r / l_r.
// Algorithm 1 writes the normalised O_i after every tile (line 12); we divide
// once at the end, which gives the same O_i; the trace reports a_r / l_r, the
// O_i of line 12 after that tile.
// The paper's Algorithm 1 computes softmax(Q K^T); we divide by sqrt(d_k) as
// attention() does, so both compute the same thing.
//
// Masks: a blocked entry is excluded (weight exactly 0), as in attention(). A
// tile whose entries are all blocked is skipped without computing its scores
// (with a causal mask, the tiles wholly above the diagonal: FlashAttention's
// block-sparse variant, section 3.3, skips them the same way). A row with no
// allowed key at all gets l = 0 and a zero output row, as attention() gives it.
//
// Memory: beyond the inputs and the output, one tile of scores (block_rows x
// block_cols, turned into exp(s - m') in place) and m, l (n each): O(n), not the
// n x m scores and weights attention() keeps (Theorem 1 of the paper).
// working_bytes reports the doubles this function allocated for that, so the
// memory figure of section 17 can be checked against the code that runs.
//
// Non-goals: a GPU kernel, parallel tiles, the backward pass, dropout.
#pragma once

#include <optional>
#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas {

// One tile (i, j), in the order the loops visit them (j outer, i inner).
struct TileStep {
  int row_block = 0, col_block = 0;  // i, j (0-based)
  int row_start = 0, row_count = 0;  // queries row_start .. row_start + row_count - 1
  int col_start = 0, col_count = 0;  // keys col_start .. col_start + col_count - 1
  bool skipped = false;              // every entry blocked: no score computed
  Vector m;                          // (row_count): the rows' running maximum after this tile
  Vector l;                          // (row_count): their running sums after this tile
  Matrix partial;                    // (row_count x d_v): a / l after this tile (0 where l = 0)
};

struct TiledAttentionResult {
  Matrix output;                // (n x d_v)
  Vector m;                     // (n) final running maximum (-infinity for a row with no allowed key)
  Vector l;                     // (n) final running sum (0 for such a row)
  int row_blocks = 0, col_blocks = 0;  // T_r, T_c
  int tiles = 0;                // T_r * T_c
  int skipped_tiles = 0;        // tiles wholly blocked by the mask
  long working_bytes = 0;       // bytes of the tile buffer and m, l
  std::vector<TileStep> trace;  // one entry per tile when asked for, else empty
};

// Throws std::invalid_argument naming the argument for shapes that disagree,
// non-finite input, a mask of other values than 0 and 1, block sizes outside
// 1..kMaxSequence, or a trace of more than kMaxTraceTiles tiles.
constexpr int kMaxTraceTiles = 1 << 14;
TiledAttentionResult attention_tiled(const Matrix& Q, const Matrix& K, const Matrix& V, int block_rows,
                                     int block_cols, const std::optional<Matrix>& mask = std::nullopt,
                                     bool trace = false);

}  // namespace atlas
