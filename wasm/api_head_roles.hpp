// Embind functions for section 8 (hand-built head roles). Same pattern as
// api.hpp: adapt arguments, one coarse core call, a plain object or {error}.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// words: string[]; marked: boolean[] (one per word) or null for the default
// content marking -> {previous, determiners, content, broad (n x n),
//                     determiner: boolean[], marked: boolean[]}
val head_roles_js(const val& words, const val& marked);

}  // namespace atlas::wasm
