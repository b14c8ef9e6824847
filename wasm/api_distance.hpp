// Embind functions for section 9 (attention and distance). Same pattern as
// api.hpp: adapt arguments, one coarse core call, a plain object or {error}.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// n; widths {linear, exponential, gaussian}
// -> {linear, exponential, gaussian (n x n), meanByDistance {linear, exponential, gaussian: Float64Array(n)}}
val distance_decays_js(int n, const val& widths);

// words: string[]; options {dModel, seed, heads, slopeScale, causal}
// -> {slopes (H), plain, biased: H matrices (n x n), mask (n x n) or null,
//     meanPlain, meanBiased (n), nearPlain, nearBiased (H)}
val alibi_attention_js(const val& words, const val& options);

}  // namespace atlas::wasm
