#include "atlas/lessons/model_layers.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

#include "helpers.hpp"

using atlas::Matrix;
using atlas::model_layers;
using atlas::test::require_stochastic_rows;

namespace {

Matrix previous_token(int n) {  // row i on key i - 1; row 0 on itself
  Matrix A = Matrix::Zero(n, n);
  A(0, 0) = 1.0;
  for (int i = 1; i < n; ++i) A(i, i - 1) = 1.0;
  return A;
}

Matrix causal_uniform(int n) {  // row i spread evenly over keys 0..i
  Matrix A = Matrix::Zero(n, n);
  for (int i = 0; i < n; ++i) A.row(i).head(i + 1).setConstant(1.0 / (i + 1));
  return A;
}

}  // namespace

TEST_CASE("model_layers averages a layer's heads, and the mean keeps rows summing to 1") {
  const int n = 6;
  const auto r = model_layers({{previous_token(n), Matrix::Identity(n, n)}});
  REQUIRE(r.mean.size() == 1);
  require_stochastic_rows(r.mean[0]);
  REQUIRE(r.mean[0](3, 2) == Approx(0.5));
  REQUIRE(r.mean[0](3, 3) == Approx(0.5));
  REQUIRE(r.mean[0](0, 0) == Approx(1.0));
}

TEST_CASE("model_layers: mean weight by offset of a previous-token + self layer is 0.5 at offset 1 and 0 beyond") {
  const int n = 6;
  const auto r = model_layers({{previous_token(n), Matrix::Identity(n, n)}});
  const auto& curve = r.mean_by_offset[0];
  REQUIRE(curve.size() == n);
  // offset 0: query 0 puts 1 on itself, the other n - 1 queries put 0.5.
  REQUIRE(curve(0) == Approx((1.0 + 0.5 * (n - 1)) / n));
  REQUIRE(curve(1) == Approx(0.5));
  for (int d = 2; d < n; ++d) REQUIRE(curve(d) == Approx(0.0).margin(1e-15));
}

TEST_CASE("model_layers: mean distance and entropy are the means over heads of each head's statistic") {
  const int n = 5;
  const auto r = model_layers({{previous_token(n), Matrix::Identity(n, n)}, {causal_uniform(n), causal_uniform(n)}});
  // previous token: distance (n - 1) / n; itself: 0; both one-hot, entropy 0.
  REQUIRE(r.mean_distance(0) == Approx((n - 1.0) / n / 2.0));
  REQUIRE(r.mean_entropy(0) == Approx(0.0).margin(1e-15));
  // uniform over 0..i: distance i / 2 per row, entropy ln(i + 1) per row.
  double distance = 0.0, entropy = 0.0;
  for (int i = 0; i < n; ++i) {
    distance += i / 2.0;
    entropy += std::log(i + 1.0);
  }
  REQUIRE(r.mean_distance(1) == Approx(distance / n));
  REQUIRE(r.mean_entropy(1) == Approx(entropy / n));
}

TEST_CASE("model_layers: rollout multiplies the layers' means with the residual, latest on the left") {
  const int n = 4;
  const Matrix U = causal_uniform(n), P = previous_token(n), I = Matrix::Identity(n, n);
  const auto r = model_layers({{P, I}, {U, U}}, 0.5);
  REQUIRE(r.rollout.size() == 2);
  const Matrix A1 = 0.5 * (0.5 * (P + I)) + 0.5 * I;
  const Matrix A2 = 0.5 * U + 0.5 * I;
  REQUIRE((r.rollout[0] - A1).cwiseAbs().maxCoeff() < 1e-12);
  REQUIRE((r.rollout[1] - A2 * A1).cwiseAbs().maxCoeff() < 1e-12);
  require_stochastic_rows(r.rollout[1]);
  // residual 1: the rollout of one layer is that layer's mean.
  REQUIRE((model_layers({{U}}, 1.0).rollout[0] - U).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("model_layers rejects no layers, a layer without heads, mismatched sizes and a bad residual") {
  const Matrix U = causal_uniform(3);
  REQUIRE_THROWS_AS(model_layers({}), std::invalid_argument);
  REQUIRE_THROWS_AS(model_layers({{U}, {}}), std::invalid_argument);
  REQUIRE_THROWS_AS(model_layers({{U, causal_uniform(4)}}), std::invalid_argument);
  REQUIRE_THROWS_AS(model_layers({{U}}, 1.5), std::invalid_argument);
}
