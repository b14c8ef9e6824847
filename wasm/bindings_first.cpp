// The first engine's Embind block: only what section 1 (and its Practice part)
// calls, so the article's first screen waits for a small engine; every other
// section runs on the lean engine (bindings.cpp), which loads right after.
// The names are the lean engine's: the same facade calls both.
#include <emscripten/bind.h>

#include "api.hpp"
#include "api_trace.hpp"
#include "api_limits.hpp"

EMSCRIPTEN_BINDINGS(attention_atlas_first) {
  using namespace atlas::wasm;
  emscripten::function("tokenize", &tokenize_js);
  emscripten::function("selfAttention", &self_attention_js);
  emscripten::function("attentionTrace", &attention_trace_js);
  emscripten::function("limits", &limits_js);
}
