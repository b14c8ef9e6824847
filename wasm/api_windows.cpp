#include "api_windows.hpp"

#include "atlas/attention/mask.hpp"
#include "atlas/lessons/receptive_field.hpp"

namespace atlas::wasm {

val window_mask_js(int n, int window, int sinks) {
  return guarded([&] { return matrix_to_js(window_mask(n, window, sinks)); });
}

val receptive_field_js(int n, int window, int layers, int sinks) {
  return guarded([&] {
    const ReceptiveField r = receptive_field(n, window, layers, sinks);
    val out = val::object();
    out.set("mask", matrix_to_js(r.mask));
    out.set("reach", matrix_to_js(r.reach));
    out.set("span", vector_to_js(r.span));
    out.set("farthest", vector_to_js(r.farthest));
    return out;
  });
}

}  // namespace atlas::wasm
