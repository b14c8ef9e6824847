#include "atlas/lessons/position_effect.hpp"

#include "atlas/attention/check.hpp"

#include <stdexcept>

namespace atlas {

PositionEffect position_effect(const std::vector<std::string>& words,
                               const SelfAttentionOptions& options) {
  if (options.causal) {
    throw ArgumentError("causal", "causal must be false: the comparison changes only the encoding");
  }
  SelfAttentionOptions plain = options;
  plain.pe_strength = 0.0;
  PositionEffect out;
  out.with = self_attention(words, options).result.weights;  // checks pe_strength first
  out.without = self_attention(words, plain).result.weights;
  out.difference = out.with - out.without;
  return out;
}

}  // namespace atlas
