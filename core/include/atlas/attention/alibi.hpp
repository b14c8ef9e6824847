// ALiBi, attention with linear biases (Press et al. 2022, "Train Short, Test
// Long"): instead of adding position vectors to the inputs, subtract a penalty
// proportional to distance from every score, one slope per head.
//
//   biased_ij = score_ij - m_h * (i - j)     for j <= i (causal, as published)
//   biased_ij = score_ij - m_h * |i - j|     symmetric form (an encoder variant)
//   m_h = 2^(-8 h / H), h = 1..H             the paper's geometric slopes
//
// alibi_slopes(H) -> (H): for H = 8 that is 1/2, 1/4, ..., 1/256. The steep
// heads look only nearby; the shallow ones barely notice distance over a
// sentence but still do over thousands of tokens.
// alibi_bias(n, m, causal) -> (n x n) the penalty matrix. In the causal form
// entries above the diagonal are 0 because the causal mask blocks them anyway.
// On flat scores (all equal) the softmax of the symmetric bias is exactly the
// "exponential" decay of distance_decay.hpp with width 1/m.
//
// alibi_attention(words, options): the section 9 pipeline in one call. Each
// head h draws its own W_q, W_k (d x d, N(0, 1/d)) from (seed, h), so adding a
// head never changes the ones before it, and the same scores feed the plain
// and the biased weights: the comparison changes only the bias. The scores are
// those of attention.hpp (Q K^T / sqrt(d)); the biased weights come from
// masked_softmax on scores + bias, with the causal mask when causal.
// Non-goals: values and outputs (the figure shows weights), training.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument unless 1 <= heads <= 64.
Vector alibi_slopes(int heads);

// Throws unless 1 <= n <= kMaxSequence and slope is finite and >= 0.
Matrix alibi_bias(int n, double slope, bool causal);

struct AlibiOptions {
  int d_model = 16;          // per head: each head projects to d_model dimensions
  std::uint64_t seed = 1;
  int heads = 4;             // H, 1..16
  double slope_scale = 1.0;  // multiplies every m_h; 0 = plain attention; 0..100
  bool causal = true;        // the published form; false = symmetric |i - j|
};

struct AlibiResult {
  Vector slopes;                // (H) m_h * slope_scale
  std::vector<Matrix> plain;    // heads (H x n x n) softmax(scores), masked when causal
  std::vector<Matrix> biased;   // heads (H x n x n) softmax(scores + bias)
  std::optional<Matrix> mask;   // (n x n) the causal mask, when causal
  Vector mean_plain;            // (n) mean_by_distance over allowed pairs, averaged over heads
  Vector mean_biased;           // (n)
  Vector near_plain;            // (H) mass_within(head, 1): weight within one position
  Vector near_biased;           // (H)
};

// Throws std::invalid_argument for an empty word list, d_model outside
// 1..kMaxModel, heads outside 1..16 or slope_scale outside 0..100.
AlibiResult alibi_attention(const std::vector<std::string>& words, const AlibiOptions& options);

}  // namespace atlas
