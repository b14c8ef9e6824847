#include "api_causal.hpp"

#include "atlas/lessons/causal_attention.hpp"

namespace atlas::wasm {

val causal_attention_js(const val& words, const val& options) {
  return guarded([&] {
    const CausalAttention r = causal_attention(strings_from_js(words), self_attention_options_from_js(options));
    val out = val::object();
    out.set("mask", matrix_to_js(r.mask));
    out.set("masked", matrix_to_js(r.masked));
    out.set("unmasked", matrix_to_js(r.unmasked));
    out.set("maskedEntropy", vector_to_js(r.masked_entropy));
    out.set("unmaskedEntropy", vector_to_js(r.unmasked_entropy));
    out.set("X", matrix_to_js(r.X));
    out.set("Q", matrix_to_js(r.Q));
    out.set("K", matrix_to_js(r.K));
    out.set("V", matrix_to_js(r.V));
    return out;
  });
}

}  // namespace atlas::wasm
