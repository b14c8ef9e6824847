// How far back information can reach through stacked sliding-window layers
// (section 18; Mistral 7B, Jiang et al. 2023, section 2: "after k attention
// layers, information can move forward by up to k x W tokens").
//
//   receptive_field(n, window, layers, sinks)
//     mask     window_mask(n, window, sinks)                 (n x n)
//     reach    (layers x n): reach(l, j) = 1 when position j can influence the
//              last position n - 1 through l + 1 layers of that mask, else 0
//     span     (layers): how many positions reach it after l + 1 layers
//     farthest (layers): the largest distance n - 1 - j among them
// Computed by following the mask, not from a formula: layer by layer, the set
// reached grows by every key an already reached query may attend to (each
// layer's output at a position mixes the previous layer's outputs at the keys
// it sees). With this window (w keys, the query itself included) one layer
// reaches w - 1 positions further back, so without sinks
// span = min(n, L (w - 1) + 1); the tests check that the walk agrees.
#pragma once

#include "atlas/attention/matrix.hpp"

namespace atlas {

struct ReceptiveField {
  Matrix mask;      // (n x n)
  Matrix reach;     // (layers x n), 0 or 1
  Vector span;      // (layers)
  Vector farthest;  // (layers)
};

// Throws std::invalid_argument for n outside 1..1024, layers outside 1..64, or
// a window or sinks window_mask rejects (the message names the argument).
ReceptiveField receptive_field(int n, int window, int layers, int sinks = 0);

}  // namespace atlas
