// Embind functions for sections 4 and 5 (positional-encoding, position-effect):
// how positional encodings relate, and what adding them changes in attention.
// Same pattern as api.hpp: adapt the JS arguments, one coarse core call, a plain
// object back or {error}. No math here.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// dims, positions: JS arrays of integers -> { encoding, similarity, dimensions, rows };
// reuse: null, or an earlier result whose encoding and similarity arrays may be written over
val position_similarity_js(int n, int d, const val& dims, const val& positions, const val& reuse);
// options: { dModel, seed, positional, projection } -> { withoutEncoding, withEncoding, difference }
val position_effect_js(const val& words, const val& options);

}  // namespace atlas::wasm
