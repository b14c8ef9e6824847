#include "atlas/attention/attention_distance.hpp"
#include "atlas/lessons/distance_decay.hpp"
#include "atlas/attention/mask.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "helpers.hpp"

using atlas::Matrix;
using atlas::Vector;
using atlas::distance_decay;
using atlas::mean_by_distance;
using atlas::test::require_stochastic_rows;

TEST_CASE("decay patterns: rows sum to 1, symmetric about the diagonal, non-increasing in distance") {
  for (const char* kind : {"linear", "exponential", "gaussian"}) {
    for (double width : {0.5, 1.0, 3.0, 10.0, 100.0}) {
      INFO(kind << " width " << width);
      const int n = 20;
      const Matrix m = distance_decay(kind, n, width);
      require_stochastic_rows(m);
      for (int i = 0; i < n; ++i) {
        for (int d = 1; i - d >= 0 && i + d < n; ++d) REQUIRE(m(i, i - d) == m(i, i + d));
        for (int j = 0; j < n; ++j) {
          for (int k = 0; k < n; ++k) {
            if (std::abs(i - j) <= std::abs(i - k)) REQUIRE(m(i, j) >= m(i, k));
          }
        }
      }
    }
  }
}

TEST_CASE("decay patterns match the formulas on small cases") {
  const Matrix lin = distance_decay("linear", 5, 2.0);  // row 2: 0, 1/2, 1, 1/2, 0 over 2
  REQUIRE(lin(2, 0) == 0.0);
  REQUIRE(lin(2, 1) == Approx(0.25).epsilon(1e-15));
  REQUIRE(lin(2, 2) == Approx(0.5).epsilon(1e-15));
  const Matrix ex = distance_decay("exponential", 3, 1.0);  // row 0: 1, e^-1, e^-2
  const double s = 1.0 + std::exp(-1.0) + std::exp(-2.0);
  REQUIRE(ex(0, 0) == Approx(1.0 / s).epsilon(1e-14));
  REQUIRE(ex(0, 2) == Approx(std::exp(-2.0) / s).epsilon(1e-14));
  const Matrix ga = distance_decay("gaussian", 3, 1.0);  // row 1: e^-1/2, 1, e^-1/2
  REQUIRE(ga(1, 1) == Approx(1.0 / (1.0 + 2.0 * std::exp(-0.5))).epsilon(1e-14));
}

TEST_CASE("linear decay is exactly zero from distance = width on, and wide decays approach uniform") {
  const Matrix lin = distance_decay("linear", 12, 4.0);
  for (int i = 0; i < 12; ++i) {
    for (int j = 0; j < 12; ++j) {
      if (std::abs(i - j) >= 4) REQUIRE(lin(i, j) == 0.0);
      else REQUIRE(lin(i, j) > 0.0);
    }
  }
  REQUIRE(distance_decay("gaussian", 6, 4096.0).isApprox(Matrix::Constant(6, 6, 1.0 / 6), 1e-6));
  REQUIRE(distance_decay("exponential", 6, 0.1).isApprox(Matrix::Identity(6, 6), 1e-4));
}

TEST_CASE("decay patterns reject bad input, naming the argument") {
  REQUIRE_THROWS_WITH(distance_decay("cosine", 5, 1.0), Catch::Contains("decay kind 'cosine' is unknown"));
  REQUIRE_THROWS_WITH(distance_decay("linear", 0, 1.0), Catch::Contains("n must be"));
  REQUIRE_THROWS_WITH(distance_decay("linear", 5, 0.0), Catch::Contains("width must be"));
  REQUIRE_THROWS_AS(distance_decay("gaussian", 5, NAN), std::invalid_argument);
}

TEST_CASE("mean_by_distance averages over all pairs at each distance") {
  const Vector u = mean_by_distance(Matrix::Constant(5, 5, 0.2));
  REQUIRE(u.isConstant(0.2, 1e-15));
  const Vector id = mean_by_distance(Matrix::Identity(4, 4));
  REQUIRE(id(0) == 1.0);
  REQUIRE(id.tail(3).isZero(0.0));
  Matrix m(3, 3);
  m << 1, 2, 3, 4, 5, 6, 7, 8, 9;
  const Vector v = mean_by_distance(m);
  REQUIRE(v(0) == Approx(5.0));               // (1 + 5 + 9) / 3
  REQUIRE(v(1) == Approx((2 + 6 + 4 + 8) / 4.0));
  REQUIRE(v(2) == Approx(5.0));               // (3 + 7) / 2
  REQUIRE(mean_by_distance(m * 1e4).isApprox(v * 1e4, 1e-14));
  REQUIRE(mean_by_distance(m * 1e-4).isApprox(v * 1e-4, 1e-14));
}

TEST_CASE("mean_by_distance with a causal mask averages over the allowed pairs only") {
  Matrix w(3, 3);
  w << 1, 0, 0, 0.25, 0.75, 0, 0.5, 0.3, 0.2;
  const Vector v = mean_by_distance(w, atlas::causal_mask(3));
  REQUIRE(v(0) == Approx((1 + 0.75 + 0.2) / 3.0));
  REQUIRE(v(1) == Approx((0.25 + 0.3) / 2.0));
  REQUIRE(v(2) == Approx(0.5));
  Matrix all = Matrix::Ones(3, 3);
  all(0, 0) = 0.0;
  REQUIRE(mean_by_distance(w, all)(1) == 0.0);  // every pair at distance 1 blocked
  REQUIRE_THROWS_WITH(mean_by_distance(w, Matrix::Zero(2, 3)), Catch::Contains("mask is 2 x 3"));
}

TEST_CASE("mean weight by distance falls with distance for every decay pattern") {
  for (const char* kind : {"linear", "exponential", "gaussian"}) {
    INFO(kind);
    const Vector v = mean_by_distance(distance_decay(kind, 16, 3.0));
    for (int d = 1; d < 16; ++d) REQUIRE(v(d) <= v(d - 1));
    REQUIRE(v(0) > v(1));
  }
}

TEST_CASE("mass_within: all of it for the identity, the band's share for uniform") {
  REQUIRE(atlas::mass_within(Matrix::Identity(5, 5), 0) == 1.0);
  REQUIRE(atlas::mass_within(Matrix::Constant(5, 5, 0.2), 1) == Approx(13.0 / 25.0).epsilon(1e-14));
  REQUIRE(atlas::mass_within(Matrix::Constant(5, 5, 0.2), 4) == Approx(1.0).epsilon(1e-14));
}

TEST_CASE("distance statistics need a square matrix and a radius >= 0") {
  REQUIRE_THROWS_WITH(mean_by_distance(Matrix::Ones(2, 3)), Catch::Contains("W is 2 x 3; expected a square"));
  REQUIRE_THROWS_WITH(atlas::mass_within(Matrix::Ones(2, 2), -1), Catch::Contains("radius must be"));
  Matrix bad = Matrix::Ones(2, 2);
  bad(1, 0) = NAN;
  REQUIRE_THROWS_WITH(mean_by_distance(bad), Catch::Contains("W has a non-finite value"));
}
