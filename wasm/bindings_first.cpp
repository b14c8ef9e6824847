// The first engine's Embind block: only what section 1 (and its Practice part)
// calls, so the article's first screen waits for a small engine; every other
// section runs on the lean engine (bindings.cpp), which loads right after.
#include <emscripten/bind.h>

#include "bindings_first.hpp"

EMSCRIPTEN_BINDINGS(attention_atlas_first) { atlas::wasm::bind_section_one(); }
