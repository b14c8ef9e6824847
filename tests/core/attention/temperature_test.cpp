#include "atlas/attention/temperature.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/entropy.hpp"
#include "atlas/lessons/entropy_examples.hpp"
#include "helpers.hpp"

using atlas::Matrix;
using atlas::softmax_temperature;
using atlas::test::random_matrix;
using atlas::test::require_stochastic_rows;

TEST_CASE("temperature sweep: entropy rises strictly with T from near 0 to near ln n") {
  const int n = 10;
  const Matrix scores = atlas::ramp_scores(n);
  double previous = -1.0;
  for (double T : {0.001, 0.01, 0.05, 0.1, 0.3, 1.0, 3.0, 10.0, 100.0, 1000.0}) {
    INFO("T " << T);
    const Matrix w = softmax_temperature(scores, T);
    require_stochastic_rows(w);
    const double h = atlas::entropy(w)(0);
    REQUIRE(h > previous);
    previous = h;
  }
  REQUIRE(atlas::entropy(softmax_temperature(scores, 0.001))(0) == Approx(0.0).margin(1e-12));
  REQUIRE(softmax_temperature(scores, 0.001)(0, 0) == Approx(1.0).margin(1e-12));
  REQUIRE(previous == Approx(std::log(n)).margin(1e-4));
}

TEST_CASE("temperature 1 is the plain softmax, and T scales like dividing the scores") {
  const Matrix scores = random_matrix(3, 7, 8);
  REQUIRE(softmax_temperature(scores, 1.0).isApprox(atlas::masked_softmax(scores), 1e-15));
  REQUIRE(softmax_temperature(scores * 4.0, 2.0).isApprox(softmax_temperature(scores, 0.5), 1e-13));
  Matrix shifted = scores;
  shifted.array() += 250.0;
  REQUIRE(softmax_temperature(shifted, 0.01).isApprox(softmax_temperature(scores, 0.01), 1e-9));
}

TEST_CASE("as T -> 0 tied maxima share the weight: entropy ln k") {
  Matrix scores(1, 4);
  scores << 1.0, 1.0, 0.0, 1.0;
  const Matrix w = softmax_temperature(scores, 0.001);
  REQUIRE(w(0, 0) == Approx(1.0 / 3.0).epsilon(1e-12));
  REQUIRE(w(0, 2) == 0.0);
  REQUIRE(atlas::entropy(w)(0) == Approx(std::log(3.0)).epsilon(1e-12));
}

TEST_CASE("temperature rejects T outside 1e-3 .. 1e3 and bad scores") {
  const Matrix s = Matrix::Zero(1, 3);
  REQUIRE_THROWS_WITH(softmax_temperature(s, 0.0), Catch::Contains("temperature must be a number from 0.001 to 1000"));
  REQUIRE_THROWS_AS(softmax_temperature(s, -1.0), std::invalid_argument);
  REQUIRE_THROWS_AS(softmax_temperature(s, 1e4), std::invalid_argument);
  REQUIRE_THROWS_AS(softmax_temperature(s, std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
  REQUIRE_THROWS_WITH(softmax_temperature(Matrix(0, 3), 1.0), Catch::Contains("scores is empty"));
}

TEST_CASE("focus rows: one-hot has entropy 0, uniform ln n, moderate halves with each step") {
  const Matrix r = atlas::focus_rows(3);
  require_stochastic_rows(r);
  REQUIRE(r(0, 1) == 1.0);
  REQUIRE(r(1, 0) == Approx(0.25).epsilon(1e-15));
  REQUIRE(r(1, 1) == Approx(0.5).epsilon(1e-15));
  const atlas::Vector h = atlas::entropy(atlas::focus_rows(10));
  REQUIRE(h(0) == 0.0);
  REQUIRE(h(2) == Approx(std::log(10.0)).epsilon(1e-14));
  REQUIRE(h(1) > 0.5);
  REQUIRE(h(1) < h(2));
  require_stochastic_rows(atlas::focus_rows(4096));
}

TEST_CASE("ramp scores fall linearly from 2 to -2") {
  const Matrix s = atlas::ramp_scores(5);
  REQUIRE(s(0, 0) == 2.0);
  REQUIRE(s(0, 2) == Approx(0.0).margin(1e-15));
  REQUIRE(s(0, 4) == -2.0);
  REQUIRE(atlas::ramp_scores(1)(0, 0) == 0.0);
  REQUIRE(atlas::uniform_entropy(1) == 0.0);
  REQUIRE(atlas::uniform_entropy(10) == Approx(atlas::entropy(atlas::focus_rows(10))(2)).epsilon(1e-14));
  REQUIRE_THROWS_WITH(atlas::uniform_entropy(0), Catch::Contains("n must be an integer from 1"));
  REQUIRE_THROWS_WITH(atlas::ramp_scores(0), Catch::Contains("n must be an integer from 1"));
  REQUIRE_THROWS_WITH(atlas::focus_rows(0), Catch::Contains("n must be an integer from 1"));
}
