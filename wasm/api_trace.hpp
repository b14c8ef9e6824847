// JS-facing function for the computation strip (sections 1, 3 and 6): one
// query's row of attention taken apart into its steps. Same contract as
// api.hpp: adapt the arguments, one coarse call into the core, a plain object
// back (or {error}); no math here.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// Q (n x d_k), K (m x d_k), V (m x d_v), query in 0..n-1, mask (n x m) or null
// -> {scale, products (m x d_k), raw, scaled, blocked, weights (m), weighted (m x d_v), output (d_v)}
val attention_trace_js(const val& q, const val& k, const val& v, int query, const val& mask);

}  // namespace atlas::wasm
