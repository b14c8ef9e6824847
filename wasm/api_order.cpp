#include "api_order.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "atlas/lessons/causal_attention.hpp"
#include "atlas/lessons/position_effect.hpp"
#include "atlas/lessons/position_similarity.hpp"

namespace atlas::wasm {
namespace {

std::vector<int> ints_from_js(const val& list) {
  return emscripten::convertJSArrayToNumberVector<int>(list);
}


}  // namespace

val position_similarity_js(int n, int d, const val& dims, const val& positions) {
  return guarded([&] {
    const PositionSimilarity r = position_similarity(n, d, ints_from_js(dims), ints_from_js(positions));
    val out = val::object();
    out.set("encoding", matrix_to_js(r.encoding));
    out.set("similarity", matrix_to_js(r.similarity));
    out.set("dimensions", matrix_to_js(r.dimensions));
    out.set("rows", matrix_to_js(r.rows));
    return out;
  });
}

val position_effect_js(const val& words, const val& options) {
  return guarded([&] {
    const PositionEffect r = position_effect(strings_from_js(words), self_attention_options_from_js(options));
    val out = val::object();
    out.set("withoutEncoding", matrix_to_js(r.without));
    out.set("withEncoding", matrix_to_js(r.with));
    out.set("difference", matrix_to_js(r.difference));
    return out;
  });
}

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
