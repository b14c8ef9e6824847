// What adding the positional encoding changes in self-attention: one sentence,
// the same embeddings and the same projections, attention computed twice.
//
//   without    = weights of self_attention(words, pe_strength = 0)         (n x n)
//   with       = weights of self_attention(words, pe_strength = strength)  (n x n)
//   difference = with - without                                            (n x n), in -1..1
//
// Only the encoding changes between the two (self_attention.hpp draws the
// projections from the seed alone), so the difference is the encoding's effect
// and nothing else. What that effect looks like depends on the projection:
//   identity  scores are (e_i + s PE_i) . (e_j + s PE_j) / sqrt(d); the term
//             s^2 PE_i . PE_j is largest at i = j and falls (with wiggles) as
//             |i - j| grows, so on average nearby words gain weight.
//   random    scores are (x_i W_q) . (x_j W_k) / sqrt(d) with W_q != W_k, so the
//             encoding enters through PE_i W_q W_k^T PE_j^T, which is not a
//             similarity and has no reason to favour nearby words. A trained
//             model has to learn projections that make position useful.
// Without the encoding, two copies of a word get identical rows (attention
// is permutation-equivariant); with it, they differ.
#pragma once

#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"
#include "atlas/attention/self_attention.hpp"

namespace atlas {

struct PositionEffect {
  Matrix without;     // (n x n) weights with pe_strength = 0
  Matrix with;        // (n x n) weights with options.pe_strength
  Matrix difference;  // (n x n) with - without
};

// options.pe_strength is the strength of the "with" run; options.causal must
// be false (a comparison changes one thing at a time). Throws
// std::invalid_argument as self_attention does, or when options.causal is true.
PositionEffect position_effect(const std::vector<std::string>& words,
                               const SelfAttentionOptions& options);

}  // namespace atlas
