#include "api_cross.hpp"

#include <cstdint>

#include "atlas/lessons/cross_attention.hpp"

namespace atlas::wasm {

val cross_attention_js(const val& target, const val& source, const val& options) {
  return guarded([&] {
    CrossAttentionOptions o;
    o.d_model = options["dModel"].as<int>();
    o.seed = seed_from_js(options["seed"]);
    const CrossAttentionResult r = cross_attention(strings_from_js(target), strings_from_js(source), o);
    val out = attention_to_js(r.result);
    out.set("Q", matrix_to_js(r.Q));
    out.set("K", matrix_to_js(r.K));
    out.set("V", matrix_to_js(r.V));
    return out;
  });
}

}  // namespace atlas::wasm
