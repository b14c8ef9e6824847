#include "model_adapters.hpp"

namespace atlas::wasm {

val head_to_js(const model::HeadReport& h) {
  val r = val::object();
  r.set("layer", h.layer);
  r.set("head", h.head);
  r.set("previousToken", h.previous_token);
  r.set("firstToken", h.first_token);
  r.set("induction", h.induction);
  r.set("meanDistance", h.mean_distance);
  r.set("entropy", h.entropy);
  return r;
}

val layers_to_js(const std::vector<std::vector<Matrix>>& layers) {
  val out = val::array();
  for (const auto& layer : layers) {
    val list = val::array();
    for (const Matrix& A : layer) list.call<void>("push", matrix_to_js(A));
    out.call<void>("push", list);
  }
  return out;
}

}  // namespace atlas::wasm
