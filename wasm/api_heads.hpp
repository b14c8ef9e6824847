// JS-facing functions for sections 2 and 3: the pattern gallery with its
// computed-score counts, and multi-head attention over a sentence. Same
// contract as api.hpp: adapt the arguments, one coarse call into the core,
// a plain object back (or {error}); no math here.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// names: string[], or null for every pattern in gallery order (patterns.hpp);
// -> [{name, weights (n x n), mask (n x n, 1 = skipped), computed, total, fraction}]
val pattern_set_js(const val& names, int n, int window, int stride, int globals);

// words: string[]; options {dModel, heads, seed, causal}
// -> {dK, X, heads: [{Q, K, V, weights, scores, output, rowSums}], concat, output}
val multi_head_js(const val& words, const val& options);

}  // namespace atlas::wasm
