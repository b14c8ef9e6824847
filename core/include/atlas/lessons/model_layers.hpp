// The per-layer numbers that sections 9, 10 and 12 draw for a trained model:
// one run's attention, every head of every layer, summarised layer by layer.
//
// model_layers(attention, residual) with attention [layer][head] (n x n each,
// causal, rows summing to 1: TrainedModel::run's attention, by characters or
// by words) ->
//   mean           (L x n x n)  each layer's heads averaged: still row-stochastic
//   meanByOffset   (L x n)      entry d of layer l: mean_by_distance of mean_l
//                               under the causal mask, i.e. the mean weight a
//                               query puts on the key d positions back, over the
//                               queries that have one (section 9)
//   meanDistance   (L)          mean over the layer's heads of each head's
//                               mean_attention_distance (section 10)
//   meanEntropy    (L, nats)    mean over heads and rows of the row entropy
//   rollout        (L x n x n)  attention_rollout of the layers' means (section
//                               12): R_l says how much input token j reaches
//                               position i after layer l
// Averaging the heads before rollout is what Abnar & Zuidema (2020) do; it is a
// heuristic (values, MLPs and layer norms are ignored).
#pragma once

#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas {

struct ModelLayers {
  std::vector<Matrix> mean;
  std::vector<Vector> mean_by_offset;
  Vector mean_distance;
  Vector mean_entropy;
  std::vector<Matrix> rollout;
};

// Throws std::invalid_argument when attention has no layer, a layer has no
// head, the matrices are not all n x n, or a row is not a distribution (as
// attention_rollout checks), or residual is outside [0, 1].
ModelLayers model_layers(const std::vector<std::vector<Matrix>>& attention, double residual = 0.5);

}  // namespace atlas
