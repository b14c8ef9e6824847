#include "api_layers.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/lessons/layers.hpp"
#include "atlas/lessons/model_layers.hpp"
#include "atlas/attention/rollout.hpp"

namespace atlas::wasm {
namespace {

std::vector<Matrix> matrices_from_js(const val& list, const std::string& name) {
  std::vector<Matrix> out;
  const int count = list["length"].as<int>();
  for (int i = 0; i < count; ++i) out.push_back(matrix_from_js(list[i], name + "[" + std::to_string(i) + "]"));
  return out;
}

}  // namespace

val layer_evolution_js(int n, double seed, double noise) {
  return guarded([&] {
    const LayerEvolution r = layer_evolution(n, static_cast<std::uint64_t>(seed), noise);
    const std::vector<Matrix> layers(r.layers.begin(), r.layers.end());
    val out = val::object();
    out.set("layers", matrices_to_js(layers));
    out.set("names", strings_to_js(std::vector<std::string>(r.names.begin(), r.names.end())));
    out.set("meanDistance", vector_to_js(r.mean_distance));
    out.set("meanEntropy", vector_to_js(r.mean_entropy));
    out.set("maxEntropy", r.max_entropy);
    out.set("uniformDistance", r.uniform_distance);
    out.set("rollout", matrices_to_js(attention_rollout(layers, 0.5)));
    return out;
  });
}

val rollout_js(const val& layers, double residual) {
  return guarded([&] {
    return matrices_to_js(attention_rollout(matrices_from_js(layers, "layers"), residual));
  });
}

val model_layers_js(const val& attention, double residual) {
  return guarded([&] {
    std::vector<std::vector<Matrix>> layers;
    const int count = attention["length"].as<int>();
    for (int l = 0; l < count; ++l) layers.push_back(matrices_from_js(attention[l], "attention[" + std::to_string(l) + "]"));
    const ModelLayers r = model_layers(layers, residual);
    val curves = val::array();
    for (const auto& curve : r.mean_by_offset) curves.call<void>("push", vector_to_js(curve));
    val out = val::object();
    out.set("mean", matrices_to_js(r.mean));
    out.set("meanByOffset", curves);
    out.set("meanDistance", vector_to_js(r.mean_distance));
    out.set("meanEntropy", vector_to_js(r.mean_entropy));
    out.set("rollout", matrices_to_js(r.rollout));
    return out;
  });
}

}  // namespace atlas::wasm
