// Causal (masked) self-attention next to the same attention without the mask:
// everything section 6 draws, in one call.
//
//   mask       = causal_mask(n)                                    (n x n), 1 = blocked (j > i)
//   masked     = weights of self_attention(words, causal = true)   (n x n)
//   unmasked   = weights of self_attention(words, causal = false)  (n x n)
//   masked_entropy, unmasked_entropy                               (n), nats per row
//   X, Q, K, V                                                     (n x d), shared by both runs
//
// Both runs use the same embeddings and projections (drawn from the seed), so
// the scores are identical and the mask is the only difference. Blocked keys
// are excluded from the softmax (attention.hpp): their weight is exactly 0 and
// the allowed weights of row i renormalise over keys 0..i. Row i therefore
// spreads over i + 1 keys at most, so its entropy is at most ln(i + 1): early
// rows are sharp by construction (row 0 is always one-hot, entropy 0), not
// because the model "decided" anything.
// Because row i never uses keys after i, rows 0..t of the masked weights are the
// same whether the sentence stops at word t or goes on: that is what lets a
// decoder generate one token at a time and reuse earlier rows.
#pragma once

#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"
#include "atlas/attention/self_attention.hpp"

namespace atlas {

struct CausalAttention {
  Matrix X, Q, K, V;        // (n x d) each: the same in both runs (the strip retraces one row from them)
  Matrix mask;              // (n x n), 1 strictly above the diagonal
  Matrix masked;            // (n x n), lower triangular, rows sum to 1
  Matrix unmasked;          // (n x n), rows sum to 1
  Vector masked_entropy;    // (n), row i <= ln(i + 1)
  Vector unmasked_entropy;  // (n), row i <= ln n
};

// options.causal is ignored (both runs are made). Throws std::invalid_argument
// as self_attention does.
CausalAttention causal_attention(const std::vector<std::string>& words,
                                 SelfAttentionOptions options);

}  // namespace atlas
