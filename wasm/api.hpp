// The functions Embind exports (wasm/bindings.cpp registers them). Each adapts
// its JS arguments, makes one coarse call into the core and returns a plain
// object, or {error} (see adapters.hpp). No math here: that lives in core/.
// JS names and argument order are those of the raw module; the public API with
// defaults and named options is the facade in wasm/js/.
#pragma once

#include <string>

#include "adapters.hpp"

namespace atlas::wasm {

val attention_js(const val& q, const val& k, const val& v, const val& mask);
// The same in float32 (attention.hpp: the fast path); outputs are Float32Arrays.
val attention_f32_js(const val& q, const val& k, const val& v, const val& mask);
val causal_mask_js(int n);
val positional_encoding_js(int n, int d);
val entropy_js(const val& w);
val pattern_js(const std::string& name, int n, int window, int stride, int globals);
val tokenize_js(const std::string& text);
val embed_js(const val& words, int d, double seed);
val self_attention_js(const val& words, const val& options);

}  // namespace atlas::wasm
