// Section 14's numbers in one call: one head's query and key for a fixed
// content vector, turned by RoPE (attention/rope.hpp) at a run of positions.
//
//   x (d) ~ N(0, 1) from the seed; W_q, W_k (d x d) ~ N(0, 1/d)
//   q = x W_q, k = x W_k                        the same content at every position
//   q_pair, k_pair (positions x 2): pair `pair` of f(q, offset + p), f(k, offset + p)
//   scores (positions x positions): f(q, offset + m) . f(k, offset + n) / sqrt(d)
//   diagonal_spread: the largest (max - min) along any diagonal m - n = c of the
//     scores; exactly 0 in exact arithmetic, since the score depends on m - n only
//   decay_bound (decay_offsets + 1): rope_decay_bound(d, base, scale, decay_offsets);
//     empty when decay_offsets is 0 (a caller that has it for this d, base and scale)
//   by distance (positions): the query at the last position P = offset + positions - 1
//     scored against the key r = 0..positions-1 positions back, for the same head
//     three ways, each divided by sqrt(d):
//       sinusoidal  (x + PE(P)) W_q . (x + PE(P - r)) W_k     PE added to the input (section 4)
//       alibi       q . k - r / 2                              ALiBi's steepest slope of 8 heads (section 9)
//       rope        f(q, P) . f(k, P - r)
//     Only the sinusoidal curve moves when the offset changes: the other two
//     depend on r alone.
// Random weights: nothing here is trained, and the figures say so.
#pragma once

#include <cstdint>

#include "atlas/attention/matrix.hpp"

namespace atlas {

struct RopeLessonOptions {
  int d = 16;              // head size, even, 2..256
  double base = 10000.0;   // > 1 (the page offers 100 .. 1,000,000)
  int offset = 0;          // first position, 0 .. kMaxSequence - positions
  std::uint64_t seed = 1;
  double scale = 1.0;      // position interpolation factor, 1..64
  int pair = 0;            // 0 .. d/2 - 1
  int positions = 16;      // 2..64
  int decay_offsets = 256; // 0..kMaxSequence; 0: no decay bound
};

struct RopeLessonResult {
  Vector q, k;            // (d)
  Vector theta;           // (d/2)
  Matrix q_pair, k_pair;  // (positions x 2)
  Matrix scores;          // (positions x positions)
  double diagonal_spread = 0.0;
  Vector decay_bound;     // (decay_offsets + 1)
  Vector sinusoidal, alibi, rope;  // (positions), index r = distance back
};

// Throws std::invalid_argument naming the option when one is out of range.
RopeLessonResult rope_lesson(const RopeLessonOptions& options);

}  // namespace atlas
