// JS-facing function of section 3 (multi-head): multi-head attention over a
// sentence. Same contract as api.hpp: adapt the arguments, one coarse call into
// the core, a plain object back (or {error}); no math here.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// words: string[]; options {dModel, heads, seed, causal}
// -> {dK, X, heads: [{Q, K, V, weights, scores, output, rowSums}], concat, output}
val multi_head_js(const val& words, const val& options);

}  // namespace atlas::wasm
