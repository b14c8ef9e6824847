// Rotary position embedding, RoPE (Su et al. 2021, "RoFormer", section 3.2).
//
// Each pair of dimensions (2i, 2i+1) of a query or key at position p is turned
// by the angle p * theta_i, with one frequency per pair:
//
//   theta_i = base^(-2i / d)                       i = 0 .. d/2 - 1
//   [x'_2i  ]   [cos(p theta_i)  -sin(p theta_i)] [x_2i  ]
//   [x'_2i+1] = [sin(p theta_i)   cos(p theta_i)] [x_2i+1]
//
// A rotation keeps lengths, and rotating q by m theta and k by n theta leaves
// their dot product depending on (m - n) theta only: q_m . k_n is a function of
// the offset m - n (RoFormer section 3.4.1). That is why positions enter the
// score and not the values, and why a shift of every position changes nothing.
// base = 10000 is RoFormer's (and Llama 2's) value; Llama 3 uses 500000.
// Pairs are adjacent dimensions as in the paper; some libraries pair i with
// i + d/2 instead ("rotate half"), the same method on permuted dimensions.
//
// Position interpolation (Chen et al. 2023, section 2.2) runs a model on a
// context `scale` times longer than it was trained on by dividing every
// position by `scale` (p -> p / scale), so the angles stay in the trained range.
//
// rope_frequencies(d, base) -> (d/2) theta_i.
// rope_rotate(X, positions, base, scale) -> (n x d): row r of X (n x d)
//   rotated as a vector at position positions(r) / scale.
// rope_decay_bound(d, base, scale, offsets) -> (offsets + 1): for r = 0..offsets,
//   (1 / (d/2)) sum_{j=1..d/2} |S_j|, S_j = sum_{k=0..j-1} e^{i r theta_k / scale}:
//   the "relative upper bound" of RoFormer section 3.4.3 (Figure 2). By Abel
//   summation |q_m . k_n| <= (max_i |h_{i+1} - h_i|) sum_j |S_j| with h_i the
//   pairs' products, so this factor bounds how large a score at offset r can
//   be; it is (d/2 + 1) / 2 at r = 0 (S_j = j) and falls, with ripples, as r grows.
// Non-goals: batching, gradients, the "NTK" or YaRN variants of interpolation.
#pragma once

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument unless d is even, 2 <= d <= kMaxModel, and base
// is finite and > 1 (base 1 would give every pair the same frequency).
Vector rope_frequencies(int d, double base);

// X (n x d), positions (n). Throws when d is odd, positions.size() != n,
// scale is not finite or < 1 (no interpolation is scale 1), or X or a position
// is not finite.
Matrix rope_rotate(const Matrix& X, const Vector& positions, double base, double scale = 1.0);

// Throws for d or base as above, scale < 1 or offsets outside 0..kMaxSequence.
Vector rope_decay_bound(int d, double base, double scale, int offsets);

}  // namespace atlas
