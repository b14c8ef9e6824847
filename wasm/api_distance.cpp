#include "api_distance.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/attention/alibi.hpp"
#include "atlas/attention/attention_distance.hpp"
#include "atlas/lessons/distance_decay.hpp"

namespace atlas::wasm {

val distance_decays_js(int n, const val& widths) {
  return guarded([&] {
    val out = val::object();
    val means = val::object();
    for (const char* kind : {"linear", "exponential", "gaussian"}) {
      const Matrix m = distance_decay(kind, n, widths[kind].as<double>());
      out.set(kind, matrix_to_js(m));
      means.set(kind, vector_to_js(mean_by_distance(m)));
    }
    out.set("meanByDistance", means);
    return out;
  });
}

val alibi_attention_js(const val& words, const val& options) {
  return guarded([&] {
    AlibiOptions o;
    o.d_model = options["dModel"].as<int>();
    o.seed = seed_from_js(options["seed"]);
    o.heads = options["heads"].as<int>();
    o.slope_scale = options["slopeScale"].as<double>();
    o.causal = options["causal"].as<bool>();
    const AlibiResult r = alibi_attention(strings_from_js(words), o);
    val out = val::object();
    out.set("slopes", vector_to_js(r.slopes));
    out.set("plain", matrices_to_js(r.plain));
    out.set("biased", matrices_to_js(r.biased));
    out.set("mask", r.mask ? matrix_to_js(*r.mask) : val::null());
    out.set("meanPlain", vector_to_js(r.mean_plain));
    out.set("meanBiased", vector_to_js(r.mean_biased));
    out.set("nearPlain", vector_to_js(r.near_plain));
    out.set("nearBiased", vector_to_js(r.near_biased));
    return out;
  });
}

}  // namespace atlas::wasm
