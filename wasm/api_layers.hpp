// Embind functions for sections 9, 10 and 12: the hand-built layer illustration
// with its statistics and rollout, attention rollout of any layer stack, and
// the per-layer summary of a trained model's attention.
// Each adapts its arguments, makes one coarse call into the core and returns
// a plain object or {error} (see adapters.hpp). No math here.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// -> { layers: Matrix[6], names: string[6], meanDistance (6), meanEntropy (6),
//      maxEntropy, uniformDistance, rollout: Matrix[6] (prefix rollouts, residual 0.5) }
val layer_evolution_js(int n, double seed, double noise);

// layers: Matrix[] (each n x n) -> Matrix[] of prefix rollouts R_1 .. R_L
val rollout_js(const val& layers, double residual);

// attention: Matrix[][] ([layer][head], each n x n; a trained model's run) ->
// { mean: Matrix[L], meanByOffset: Float64Array[L] (n), meanDistance (L),
//   meanEntropy (L), rollout: Matrix[L] } (atlas/lessons/model_layers.hpp)
val model_layers_js(const val& attention, double residual);

}  // namespace atlas::wasm
