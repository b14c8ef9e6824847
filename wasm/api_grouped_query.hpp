// Embind functions for section 15 (grouped-query attention and the KV cache's
// size). Same pattern as api.hpp: adapt arguments, one core call, an object or {error}.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// words; {dModel, heads, kvHeads, seed, causal}
// -> {dK, group (h), heads: [{Q (n x dK), weights, scores (n x n), output (n x dK)}],
//     K, V: g matrices (n x dK), output (n x dModel)}
val grouped_query_js(const val& words, const val& options);

// {layers, heads, kvHeads, headSize, context, batch, bytesPerNumber}
// -> {bytes, bytesPerToken, multiHeadBytes, kvChoices (ints), bytesByChoice (Float64Array)}
val kv_cache_size_js(const val& shape);

}  // namespace atlas::wasm
