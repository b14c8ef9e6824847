// Embind functions for section 7 (cross-attention). Same pattern as api.hpp:
// adapt arguments, one coarse core call, a plain object or {error}. No math.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// target, source: string[]; options {dModel, seed}
// -> {Q (n_t x d), K, V (n_s x d), weights, scores (n_t x n_s), output (n_t x d), rowSums (n_t)}
val cross_attention_js(const val& target, const val& source, const val& options);

}  // namespace atlas::wasm
