// Single-head self-attention over a sentence with seeded random projections:
// the whole pipeline behind sections 1, 5 and 6 in one coarse call.
//
//   X = embed_words(words) + pe_strength * PE      (n x d)
//   Q = X W_q,  K = X W_k,  V = X W_v              (n x d) each
//   weights = softmax(Q K^T / sqrt(d) [+ causal mask])
//
// Projections: "random" draws W_q, W_k, W_v (d x d) with N(0, 1/d) entries (projections.hpp) from
// the seed alone (not from the words or the encoding), so two calls that differ
// only in pe_strength or causal use the very same projections: a comparison
// changes one thing at a time. The 1/d variance keeps the entries of Q and K
// near unit variance, so the scaled scores are O(1) and the softmax is neither
// one-hot nor flat. "identity" uses W = I: scores are then plain dot products
// of the inputs, which lets the similarity structure of the encoding show.
// Every figure drawn from this is labelled "computed from random weights".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/matrix.hpp"

namespace atlas {

enum class Projection { Random, Identity };

struct SelfAttentionOptions {
  int d_model = 16;
  std::uint64_t seed = 1;
  double pe_strength = 0.0;  // 0 = no positional encoding; range 0..10
  Projection projection = Projection::Random;
  bool causal = false;
};

struct SelfAttentionResult {
  Matrix X;                // (n x d) inputs after the positional encoding
  Matrix Q, K, V;          // (n x d) each
  AttentionResult result;  // weights (n x n), scores (n x n), output (n x d)
};

// Throws std::invalid_argument for an empty word list, d_model outside
// 1..kMaxModel or pe_strength outside 0..10.
SelfAttentionResult self_attention(const std::vector<std::string>& words,
                                   const SelfAttentionOptions& options);

}  // namespace atlas
