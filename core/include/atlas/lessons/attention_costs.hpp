// What standard and tiled attention cost as n grows: memory held, and reads and
// writes of slow memory. Section 17's two charts, computed from counts, not timed.
//
// attention_memory(ns, d, block_rows, block_cols): bytes of doubles, per n in ns
//   inputs    Q, K, V and the output O: 4 n d (both computations need them)
//   standard  what attention() holds beyond them: scores and weights (n x n each)
//             and the row sums (n): 2 n^2 + n
//   tiled     what attention_tiled() holds beyond them: one tile
//             (min(B_r, n) x min(B_c, n)) and m, l (n each); its working_bytes
// Each is 8 bytes times the count; tests compare them with the sizes the two
// functions really allocate.
//
// attention_io(ns, d, M): reads plus writes of slow memory (HBM), in numbers
// (matrix entries), as FlashAttention's section 3.2 counts them, for an on-chip
// memory (SRAM) of M numbers:
//   standard (Algorithm 0): read Q, K, write S; read S, write P; read P, V, write O
//     = 4 N d + 4 N^2
//   tiled (Algorithm 1, line by line): B_c = ceil(M / 4d), B_r = min(B_c, d),
//     T_c = ceil(N / B_c); line 2 writes O, l, m (N d + 2N); line 6 reads every
//     K_j, V_j once (2 N d); for each of the T_c key blocks, line 8 reads all of
//     Q, O, l, m (N (2d + 2)) and lines 12-13 write O, l, m (N (d + 2))
//     = 3 N d + 2 N + T_c N (3d + 4)
// Theorem 2 of the paper states these as Theta(N d + N^2) and
// Theta(N^2 d^2 / M) for d <= M <= N d: T_c is about 4 N d / M, so the tiled
// count is about 12 N^2 d^2 / M. in_range says, per n, whether d <= M <= N d.
#pragma once

#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas {

struct AttentionMemory {
  Vector inputs, standard, tiled;  // (ns.size()) bytes each
};

struct AttentionIo {
  int block_rows = 0, block_cols = 0;  // B_r, B_c of Algorithm 1 line 1
  Vector standard, tiled;              // (ns.size()) numbers read or written
  std::vector<bool> in_range;          // d <= M <= N d, Theorem 2's range
};

// Throws std::invalid_argument naming the argument for ns of no or more than
// kMaxCostLengths (64) lengths, n outside 1..kMaxCostN (2^20), d outside 1..kMaxModel,
// block sizes outside 1..kMaxSequence, or M outside 1..kMaxFastMemory (2^30)
// (attention/limits.hpp).
AttentionMemory attention_memory(const std::vector<int>& ns, int d, int block_rows, int block_cols);
AttentionIo attention_io(const std::vector<int>& ns, int d, long M);

}  // namespace atlas
