// Cross-attention (encoder-decoder attention, Vaswani et al. 2017, section
// 3.2.3) between two sentences, with seeded random projections: the pipeline
// behind section 7 in one coarse call.
//
//   X_t = embed_words(target) (n_t x d),  X_s = embed_words(source) (n_s x d)
//   Q = X_t W_q (n_t x d),  K = X_s W_k (n_s x d),  V = X_s W_v (n_s x d)
//   weights = softmax(Q K^T / sqrt(d))  (n_t x n_s),  output = weights V  (n_t x d)
//
// Queries come from the target (the decoder side), keys and values from the
// source (the encoder side): row i says how much target word i takes from each
// source word, and each row sums to 1 over the SOURCE words. n_t and n_s may
// differ; nothing here is square.
// Projections are drawn with N(0, 1/d) entries from the seed alone (a stream
// of their own, not the embedding streams), so the target or source text never
// changes the projections, only the inputs. Random weights show no alignment:
// the figure is labelled "computed from random weights". A trained
// translator's cross-attention often shows a rough word alignment.
// Non-goals: positional encoding, masking, multiple heads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/matrix.hpp"

namespace atlas {

struct CrossAttentionOptions {
  int d_model = 16;
  std::uint64_t seed = 1;
};

struct CrossAttentionResult {
  Matrix Q;                // (n_t x d) from the target
  Matrix K, V;             // (n_s x d) each, from the source
  AttentionResult result;  // weights, scores (n_t x n_s), output (n_t x d)
};

// Throws std::invalid_argument when target or source is empty (the message
// names which) or d_model is outside 1..kMaxModel.
CrossAttentionResult cross_attention(const std::vector<std::string>& target,
                                     const std::vector<std::string>& source,
                                     const CrossAttentionOptions& options);

}  // namespace atlas
