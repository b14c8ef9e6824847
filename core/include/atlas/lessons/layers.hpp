// A hand-built caricature of attention across six layers, for section 10.
//
// Purpose: show the often-told story "early layers attend locally, middle
// layers to structure, late layers broadly" as six matrices a learner can
// inspect, with the statistics that summarise them. This is an ILLUSTRATION,
// not a measurement: in BERT, heads on the previous or next token sit mostly
// in early layers but the broadest heads are in the lowest ones too (Clark et
// al. 2019), and probing finds the layer-wise stages overlapping (Tenney et
// al. 2019): the trend is a tendency at best.
// Non-goals: any learned parameter, any claim about a specific model.
//
// layer_evolution(n, seed, noise) -> six layers, each W_l (n x n):
//   W_l = softmax_rows(S_l + noise * Z_l)
// S_l (n x n) is a fixed score shape (positions only, not words):
//   1 "self"            -(i - j)^2 / (2 * 0.5^2)   almost all weight on itself
//   2 "neighbours"      -(i - j)^2 / (2 * 1.0^2)   itself and the next words out
//   3 "previous word"   4 on j = i - 1, 1.5 on j = i, -6 elsewhere
//   4 "sentence ends"   3 on j = 0, 2 on j = n - 1, 0 elsewhere
//   5 "broad"           -0.25 |i - j|              a gentle preference for nearby words
//   6 "near-uniform"    0                          every key alike
// Layer 3's -6 elsewhere keeps it local at every n. With 0 there, the n - 2
// other keys together outweighed the previous word as n grew (without noise
// its weight fell from 0.83 at n = 9 to 0.45 at n = 64); with -6 they hold
// (n - 2) e^-6, under 0.16 at n = 64, against e^4 = 55 for the previous word,
// which keeps over 0.9 of the row at every n up to 64.
// Z_l (n x n) holds N(0, 1) draws from atlas::Rng seeded with
// mix_seed(seed, l), so each layer has its own stream and native and WASM draw
// the same numbers. The noise is added to scores (logits), not to weights, so
// every row stays a probability distribution with no clipping; the softmax
// normalises the rows (see attention.hpp for its numerics).
// Statistics per layer: mean_attention_distance (attention_distance.hpp) and
// the mean over rows of the entropy in nats (entropy.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "atlas/attention/matrix.hpp"

namespace atlas {

inline constexpr int kLayers = 6;

struct LayerEvolution {
  std::array<Matrix, kLayers> layers;        // W_l (n x n), rows sum to 1
  std::array<std::string, kLayers> names;    // "self", "neighbours", ...
  Vector mean_distance;                      // (6) tokens
  Vector mean_entropy;                       // (6) nats
  double max_entropy = 0.0;                  // ln n: the entropy of a uniform row
  double uniform_distance = 0.0;             // mean distance of uniform attention, (n^2 - 1) / 3n:
                                             // a reference line, not a ceiling (layer 4 exceeds it)
};

// Throws std::invalid_argument unless 1 <= n <= kMaxWords (limits.hpp) and
// 0 <= noise <= 3.
LayerEvolution layer_evolution(int n, std::uint64_t seed, double noise);

}  // namespace atlas
