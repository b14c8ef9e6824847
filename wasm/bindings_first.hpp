// Section 1's functions (the article's first screen), under the names the JS
// facade calls. Both the first engine's Embind block (bindings_first.cpp) and
// the lean engine's (bindings.cpp) register them through this one function, so
// the two engines cannot drift apart.
#pragma once

#include <emscripten/bind.h>

#include "api.hpp"
#include "api_limits.hpp"
#include "api_trace.hpp"

namespace atlas::wasm {

inline void bind_section_one() {
  emscripten::function("tokenize", &tokenize_js);
  emscripten::function("selfAttention", &self_attention_js);
  emscripten::function("attentionTrace", &attention_trace_js);
  emscripten::function("limits", &limits_js);
}

}  // namespace atlas::wasm
