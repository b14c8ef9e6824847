#include "atlas/lessons/causal_attention.hpp"

#include "atlas/attention/entropy.hpp"
#include "atlas/attention/mask.hpp"

namespace atlas {

CausalAttention causal_attention(const std::vector<std::string>& words,
                                 SelfAttentionOptions options) {
  CausalAttention out;
  options.causal = true;
  SelfAttentionResult masked = self_attention(words, options);
  out.masked = masked.result.weights;
  out.X = masked.X;
  out.Q = masked.Q;
  out.K = masked.K;
  out.V = masked.V;
  options.causal = false;
  out.unmasked = self_attention(words, options).result.weights;
  out.mask = causal_mask(static_cast<int>(out.masked.rows()));
  out.masked_entropy = entropy(out.masked);
  out.unmasked_entropy = entropy(out.unmasked);
  return out;
}

}  // namespace atlas
