#include "atlas/lessons/layers.hpp"

#include <cmath>
#include <cstdlib>
#include <functional>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/attention_distance.hpp"
#include "atlas/attention/check.hpp"
#include "atlas/attention/entropy.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/random.hpp"

namespace atlas {
namespace {

using Shape = std::function<double(int i, int j, int n)>;

double gaussian(int i, int j, double sigma) {
  const double d = static_cast<double>(i - j);
  return -d * d / (2.0 * sigma * sigma);
}

const std::array<Shape, kLayers>& shapes() {
  static const std::array<Shape, kLayers> s = {
      [](int i, int j, int) { return gaussian(i, j, 0.5); },
      [](int i, int j, int) { return gaussian(i, j, 1.0); },
      [](int i, int j, int) { return j == i - 1 ? 4.0 : (j == i ? 1.5 : -6.0); },
      [](int, int j, int n) { return (j == 0 ? 3.0 : 0.0) + (j == n - 1 ? 2.0 : 0.0); },
      [](int i, int j, int) { return -0.25 * std::abs(i - j); },
      [](int, int, int) { return 0.0; },
  };
  return s;
}

}  // namespace

LayerEvolution layer_evolution(int n, std::uint64_t seed, double noise) {
  require_in_range(n, 1, kMaxWords, "n");
  require_in_range(noise, 0.0, kMaxNoise, "noise");
  LayerEvolution out;
  out.names = {"self", "neighbours", "previous word", "sentence ends", "broad", "near-uniform"};
  out.mean_distance.resize(kLayers);
  out.mean_entropy.resize(kLayers);
  for (int l = 0; l < kLayers; ++l) {
    Rng rng(mix_seed(seed, static_cast<std::uint64_t>(l)));
    Matrix scores(n, n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) scores(i, j) = shapes()[l](i, j, n) + noise * rng.normal();
    }
    out.layers[l] = masked_softmax(scores);
    out.mean_distance(l) = mean_attention_distance(out.layers[l]);
    out.mean_entropy(l) = entropy(out.layers[l]).mean();
  }
  out.max_entropy = std::log(static_cast<double>(n));
  out.uniform_distance = mean_attention_distance(Matrix::Constant(n, n, 1.0 / n));
  return out;
}

}  // namespace atlas
