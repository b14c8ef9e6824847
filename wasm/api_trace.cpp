#include "api_trace.hpp"

#include <optional>

#include "atlas/lessons/attention_trace.hpp"

namespace atlas::wasm {

val attention_trace_js(const val& q, const val& k, const val& v, int query, const val& mask) {
  return guarded([&] {
    std::optional<Matrix> m;
    if (!mask.isNull() && !mask.isUndefined()) m = matrix_from_js(mask, "mask");
    const AttentionTrace t = attention_trace(matrix_from_js(q, "Q"), matrix_from_js(k, "K"),
                                             matrix_from_js(v, "V"), query, m);
    val out = val::object();
    out.set("scale", t.scale);
    out.set("products", matrix_to_js(t.products));
    out.set("raw", vector_to_js(t.raw));
    out.set("scaled", vector_to_js(t.scaled));
    out.set("blocked", vector_to_js(t.blocked));
    out.set("weights", vector_to_js(t.weights));
    out.set("weighted", matrix_to_js(t.weighted));
    out.set("output", vector_to_js(t.output));
    return out;
  });
}

}  // namespace atlas::wasm
