#include "api_position.hpp"

#include <vector>

#include "atlas/lessons/position_effect.hpp"
#include "atlas/lessons/position_similarity.hpp"

namespace atlas::wasm {

val position_similarity_js(int n, int d, const val& dims, const val& positions, const val& reuse) {
  return guarded([&] {
    const PositionSimilarity r = position_similarity(n, d, emscripten::convertJSArrayToNumberVector<int>(dims),
                                                        emscripten::convertJSArrayToNumberVector<int>(positions));
    // The two large results (n x d and n x n) into the earlier result's arrays when they fit.
    const auto earlier = [&](const char* name) { return reuse.isNull() ? val::null() : reuse[name]["data"]; };
    val out = val::object();
    out.set("encoding", matrix_to_js(r.encoding, earlier("encoding")));
    out.set("similarity", matrix_to_js(r.similarity, earlier("similarity")));
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

}  // namespace atlas::wasm
