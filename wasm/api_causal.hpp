// Embind function for section 6 (causal): causal masking of a sentence's
// attention. Same pattern as api.hpp: adapt the JS arguments, one coarse core
// call, a plain object back or {error}. No math here.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// options: { dModel, seed, positional, projection }
// -> { mask, masked, unmasked, maskedEntropy, unmaskedEntropy, X, Q, K, V }
val causal_attention_js(const val& words, const val& options);

}  // namespace atlas::wasm
