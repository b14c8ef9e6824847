#include "atlas/lessons/layers.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "atlas/attention/attention_distance.hpp"
#include "helpers.hpp"

using atlas::kLayers;
using atlas::layer_evolution;
using atlas::Matrix;
using atlas::mean_attention_distance;
using atlas::test::require_stochastic_rows;

namespace {

// Independent references written from the formulas in the headers.
double reference_distance(const Matrix& W) {
  double total = 0.0;
  for (int i = 0; i < W.rows(); ++i) {
    for (int j = 0; j < W.cols(); ++j) total += W(i, j) * std::abs(i - j);
  }
  return total / W.rows();
}

double reference_mean_entropy(const Matrix& W) {
  double total = 0.0;
  for (int i = 0; i < W.rows(); ++i) {
    for (int j = 0; j < W.cols(); ++j) {
      if (W(i, j) > 0.0) total -= W(i, j) * std::log(W(i, j));
    }
  }
  return total / W.rows();
}

}  // namespace

TEST_CASE("mean attention distance: 0 for identity, (n^2 - 1) / 3n for uniform, (n - 1) / n for previous word") {
  const int n = 7;
  REQUIRE(mean_attention_distance(Matrix::Identity(n, n)) == 0.0);
  REQUIRE(mean_attention_distance(Matrix::Constant(n, n, 1.0 / n)) ==
          Approx((n * n - 1.0) / (3.0 * n)).epsilon(1e-14));
  Matrix previous = Matrix::Zero(n, n);
  previous(0, 0) = 1.0;
  for (int i = 1; i < n; ++i) previous(i, i - 1) = 1.0;
  REQUIRE(mean_attention_distance(previous) == Approx((n - 1.0) / n).epsilon(1e-14));
}

TEST_CASE("mean attention distance rejects negative and non-finite weights") {
  Matrix W = Matrix::Identity(2, 2);
  W(0, 1) = -0.1;
  REQUIRE_THROWS_WITH(mean_attention_distance(W), Catch::Contains("negative"));
  W(0, 1) = std::numeric_limits<double>::quiet_NaN();
  REQUIRE_THROWS_WITH(mean_attention_distance(W), Catch::Contains("W has a non-finite value"));
}

TEST_CASE("layer evolution: six n x n layers whose rows sum to 1, for any n and noise") {
  for (int n : {1, 2, 6, 64}) {
    for (double noise : {0.0, 0.5, 3.0}) {
      INFO("n " << n << ", noise " << noise);
      const auto r = layer_evolution(n, 9, noise);
      for (int l = 0; l < kLayers; ++l) {
        INFO("layer " << l + 1);
        REQUIRE(r.layers[l].rows() == n);
        REQUIRE(r.layers[l].cols() == n);
        REQUIRE(r.layers[l].allFinite());
        require_stochastic_rows(r.layers[l], 1e-12);
      }
    }
  }
}

TEST_CASE("layer evolution without noise follows the documented score shapes") {
  const auto r = layer_evolution(3, 1, 0.0);
  // Layer 1, row 0: scores -(0, 1, 4) / (2 * 0.25) = (0, -2, -8).
  const double z1 = 1.0 + std::exp(-2.0) + std::exp(-8.0);
  REQUIRE(r.layers[0](0, 0) == Approx(1.0 / z1).epsilon(1e-14));
  REQUIRE(r.layers[0](0, 2) == Approx(std::exp(-8.0) / z1).epsilon(1e-12));
  // Layer 3, row 1: 4 on the previous word, 1.5 on itself, -6 on the next.
  const double z3 = std::exp(4.0) + std::exp(1.5) + std::exp(-6.0);
  REQUIRE(r.layers[2](1, 0) == Approx(std::exp(4.0) / z3).epsilon(1e-14));
  REQUIRE(r.layers[2](1, 1) == Approx(std::exp(1.5) / z3).epsilon(1e-14));
  // Layer 4, every row: 3 on the first word, 2 on the last, 0 between.
  const double z4 = std::exp(3.0) + 1.0 + std::exp(2.0);
  for (int i = 0; i < 3; ++i) REQUIRE(r.layers[3](i, 0) == Approx(std::exp(3.0) / z4).epsilon(1e-14));
  // Layer 6 is exactly uniform.
  REQUIRE(r.layers[5].isApproxToConstant(1.0 / 3.0, 1e-15));
  REQUIRE(r.names[2] == "previous word");
}

TEST_CASE("layer statistics match the formulas, with ln n as the ceiling of entropy") {
  const int n = 6;
  const auto r = layer_evolution(n, 4, 0.8);
  for (int l = 0; l < kLayers; ++l) {
    INFO("layer " << l + 1);
    REQUIRE(r.mean_distance(l) == Approx(reference_distance(r.layers[l])).epsilon(1e-12));
    REQUIRE(r.mean_entropy(l) == Approx(reference_mean_entropy(r.layers[l])).epsilon(1e-12));
    REQUIRE(r.mean_entropy(l) <= std::log(n) + 1e-12);
  }
  REQUIRE(r.max_entropy == Approx(std::log(6.0)).epsilon(1e-15));
  REQUIRE(r.uniform_distance == Approx(35.0 / 18.0).epsilon(1e-14));
}

TEST_CASE("without noise the caricature goes from local to broad") {
  const auto r = layer_evolution(8, 1, 0.0);
  REQUIRE(r.mean_distance(0) < r.mean_distance(1));
  REQUIRE(r.mean_distance(1) < r.mean_distance(4));
  REQUIRE(r.mean_entropy(0) < r.mean_entropy(1));
  REQUIRE(r.mean_entropy(1) < r.mean_entropy(4));
  REQUIRE(r.mean_entropy(4) < r.mean_entropy(5));
  REQUIRE(r.mean_entropy(5) == Approx(std::log(8.0)).epsilon(1e-14));
  REQUIRE(r.mean_distance(5) == Approx(r.uniform_distance).epsilon(1e-14));
}

TEST_CASE("layer 3 stays local as the sentence grows: the previous word keeps its weight") {
  // mean over rows i >= 1 of W(i, i - 1)
  const auto previous_weight = [](const Matrix& W) {
    double total = 0.0;
    for (int i = 1; i < W.rows(); ++i) total += W(i, i - 1);
    return total / (W.rows() - 1);
  };
  for (std::uint64_t seed : {1, 2, 3}) {
    INFO("seed " << seed);
    REQUIRE(previous_weight(layer_evolution(64, seed, 0.5).layers[2]) >= 0.8);
  }
  for (int n = 2; n <= 64; ++n) {
    INFO("n " << n);
    const auto r = layer_evolution(n, 1, 0.0);
    REQUIRE(previous_weight(r.layers[2]) >= 0.9);
    REQUIRE(r.mean_distance(2) < 1.1);                 // about one word, at every n
    REQUIRE(r.mean_entropy(2) < r.mean_entropy(1));    // more focused than the neighbours layer
    if (n >= 4) REQUIRE(r.mean_distance(2) < r.mean_distance(4));  // more local than "broad"
  }
}

TEST_CASE("the uniform mean distance is a reference line, not a ceiling: layer 4 reaches past it") {
  for (int n : {3, 9, 64}) {
    INFO("n " << n);
    const auto r = layer_evolution(n, 1, 0.0);
    REQUIRE(r.mean_distance(3) > r.uniform_distance);
  }
}

TEST_CASE("layer noise is reproducible from the seed and absent at noise 0") {
  const auto a = layer_evolution(5, 11, 1.0), b = layer_evolution(5, 11, 1.0), c = layer_evolution(5, 12, 1.0);
  for (int l = 0; l < kLayers; ++l) {
    REQUIRE(a.layers[l] == b.layers[l]);
    REQUIRE_FALSE(a.layers[l].isApprox(c.layers[l], 1e-6));
  }
  const auto q1 = layer_evolution(5, 11, 0.0), q2 = layer_evolution(5, 12, 0.0);
  for (int l = 0; l < kLayers; ++l) REQUIRE(q1.layers[l] == q2.layers[l]);
}

TEST_CASE("a one-word sentence gives [1] in every layer, distance 0 and entropy 0") {
  const auto r = layer_evolution(1, 3, 2.0);
  for (int l = 0; l < kLayers; ++l) REQUIRE(r.layers[l](0, 0) == 1.0);
  REQUIRE(r.mean_distance.isZero(0.0));
  REQUIRE(r.mean_entropy.isZero(0.0));
}

TEST_CASE("layer evolution rejects n and noise out of range") {
  REQUIRE_THROWS_WITH(layer_evolution(0, 1, 0.5), Catch::Contains("n must be an integer from 1 to 64"));
  REQUIRE_THROWS_WITH(layer_evolution(65, 1, 0.5), Catch::Contains("got 65"));
  REQUIRE_THROWS_WITH(layer_evolution(4, 1, -0.1), Catch::Contains("noise must be a number from 0 to 3"));
  REQUIRE_THROWS_AS(layer_evolution(4, 1, std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
}
