// position_similarity: PE PE^T against the closed form sum_i cos((p - q) w_i),
// its symmetry and shift invariance, the chosen curves, and bad input.
#include <cmath>
#include <stdexcept>

#include "atlas/lessons/position_similarity.hpp"
#include "atlas/attention/positional.hpp"
#include "helpers.hpp"

using atlas::Matrix;

namespace {

// Independent reference from the formula: for even d, PE(p) . PE(q) = sum over
// the d/2 frequencies w_i = 10000^(-2i/d) of cos((p - q) w_i).
double closed_form(int offset, int d) {
  double s = 0.0;
  for (int i = 0; i < d / 2; ++i) s += std::cos(offset * std::pow(10000.0, -2.0 * i / d));
  return s;
}

}  // namespace

TEST_CASE("position similarity is PE PE^T: symmetric, d/2 on the diagonal, equal to the closed form") {
  for (int d : {2, 16, 128}) {
    const auto r = atlas::position_similarity(60, d, {0}, {0});
    REQUIRE(r.similarity.rows() == 60);
    REQUIRE(r.similarity.cols() == 60);
    REQUIRE((r.similarity - r.similarity.transpose()).cwiseAbs().maxCoeff() == 0.0);
    for (int p = 0; p < 60; ++p) {
      INFO("d = " << d << ", p = " << p);
      REQUIRE(r.similarity(p, p) == Approx(d / 2.0).margin(1e-12 * d));
      for (int q : {0, 7, 59}) {
        REQUIRE(r.similarity(p, q) == Approx(closed_form(p - q, d)).margin(1e-9));
      }
    }
  }
}

TEST_CASE("position similarity equals the matrix product PE PE^T, for even and odd d") {
  for (int d : {1, 2, 3, 16, 33, 128}) {
    for (int n : {1, 2, 45}) {
      const auto r = atlas::position_similarity(n, d, {0}, {0});
      const Matrix product = r.encoding * r.encoding.transpose();
      INFO("n = " << n << ", d = " << d);
      REQUIRE(r.similarity.rows() == n);
      REQUIRE(r.similarity.cols() == n);
      REQUIRE((r.similarity - product).cwiseAbs().maxCoeff() < 1e-9);
    }
  }
}

TEST_CASE("position similarity is shift invariant: PE(p) . PE(p + k) does not depend on p") {
  const auto r = atlas::position_similarity(200, 64, {0}, {0});
  for (int k : {1, 5, 37, 120}) {
    for (int p : {1, 30, 79}) {
      INFO("k = " << k << ", p = " << p);
      REQUIRE(r.similarity(p, p + k) == Approx(r.similarity(0, k)).margin(1e-9));
    }
  }
}

TEST_CASE("position similarity falls with distance on the whole but not monotonically") {
  const auto r = atlas::position_similarity(100, 16, {0}, {0});
  REQUIRE(r.similarity(0, 1) < r.similarity(0, 0));
  REQUIRE(r.similarity(0, 30) < r.similarity(0, 1));
  bool rises_somewhere = false;  // the page says it oscillates: some step away makes it larger
  for (int q = 1; q + 1 < 100; ++q) rises_somewhere |= r.similarity(0, q + 1) > r.similarity(0, q) + 1e-3;
  REQUIRE(rises_somewhere);
}

TEST_CASE("position similarity: chosen dimensions are PE columns and chosen positions are S rows") {
  const auto r = atlas::position_similarity(30, 12, {0, 1, 11}, {0, 29});
  const Matrix pe = atlas::positional_encoding(30, 12);
  REQUIRE(r.encoding == pe);
  REQUIRE(r.dimensions.rows() == 3);
  REQUIRE(r.dimensions.cols() == 30);
  REQUIRE(r.dimensions.row(2) == pe.col(11).transpose());
  REQUIRE(r.dimensions(0, 5) == Approx(std::sin(5.0)).margin(1e-12));
  REQUIRE(r.dimensions(1, 5) == Approx(std::cos(5.0)).margin(1e-12));
  REQUIRE(r.rows.rows() == 2);
  REQUIRE(r.rows.row(1) == r.similarity.row(29));
}

TEST_CASE("position similarity at the largest figure size stays finite and exact on the diagonal") {
  const auto r = atlas::position_similarity(512, 512, {0, 511}, {0, 511});
  REQUIRE(r.similarity.allFinite());
  REQUIRE(r.similarity.diagonal().minCoeff() == Approx(256.0).margin(1e-9));
  REQUIRE(r.similarity.diagonal().maxCoeff() == Approx(256.0).margin(1e-9));
  REQUIRE(r.similarity(3, 400) == Approx(closed_form(397, 512)).margin(1e-8));
}

TEST_CASE("position similarity with odd d: diagonal is the squared norm, still symmetric") {
  const auto r = atlas::position_similarity(20, 5, {4}, {3});
  const Matrix pe = atlas::positional_encoding(20, 5);
  for (int p = 0; p < 20; ++p) REQUIRE(r.similarity(p, p) == Approx(pe.row(p).squaredNorm()));
  REQUIRE(r.similarity.isApprox(r.similarity.transpose(), 1e-15));
}

TEST_CASE("position similarity refuses out-of-range lists and sizes, naming them") {
  REQUIRE_THROWS_WITH(atlas::position_similarity(50, 128, {0, 1, 600}, {0}),
                      Catch::Contains("dims[2] is 600; expected 0 to 127 (d = 128)"));
  REQUIRE_THROWS_WITH(atlas::position_similarity(50, 128, {0}, {-1}),
                      Catch::Contains("positions[0] is -1; expected 0 to 49 (n = 50)"));
  REQUIRE_THROWS_WITH(atlas::position_similarity(50, 128, {}, {0}),
                      Catch::Contains("dims must list 1 to 6 entries; got 0"));
  REQUIRE_THROWS_WITH(atlas::position_similarity(50, 128, {0}, {0, 1, 2, 3, 4, 5, 6}),
                      Catch::Contains("positions must list 1 to 6 entries; got 7"));
  REQUIRE_THROWS_WITH(atlas::position_similarity(0, 128, {0}, {0}), Catch::Contains("n must be"));
  REQUIRE_THROWS_AS(atlas::position_similarity(10, 2000, {0}, {0}), std::invalid_argument);
}

TEST_CASE("position similarity at d = 16: position 0 is closer to 19 than to 9, as the page says") {
  const auto r = atlas::position_similarity(30, 16, {0}, {0});
  REQUIRE(r.similarity(0, 19) > r.similarity(0, 9) + 2.0);
  REQUIRE(r.similarity(0, 19) == Approx(closed_form(19, 16)).margin(1e-12));
}
