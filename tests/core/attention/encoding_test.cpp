// Positional encoding, causal mask, entropy and the fixed patterns.
#include <cmath>
#include <stdexcept>

#include "atlas/attention/entropy.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/patterns.hpp"
#include "atlas/attention/positional.hpp"
#include "helpers.hpp"

using atlas::Matrix;
using atlas::test::require_stochastic_rows;

TEST_CASE("positional encoding: sin on even columns, cos on odd, one frequency per pair") {
  const Matrix pe = atlas::positional_encoding(50, 128);
  REQUIRE(pe.rows() == 50);
  REQUIRE(pe.cols() == 128);
  for (int p : {0, 1, 17, 49}) {
    for (int i : {0, 1, 31, 63}) {
      const double angle = p / std::pow(10000.0, 2.0 * i / 128.0);
      REQUIRE(pe(p, 2 * i) == Approx(std::sin(angle)).margin(1e-12));
      REQUIRE(pe(p, 2 * i + 1) == Approx(std::cos(angle)).margin(1e-12));
    }
  }
  REQUIRE(pe.row(0).segment(0, 2).isApprox(Eigen::RowVector2d(0.0, 1.0)));
}

TEST_CASE("positional encoding: a shift by k is the same rotation of each pair for every p") {
  const int d = 16, k = 5;
  const Matrix pe = atlas::positional_encoding(40, d);
  for (int i = 0; i < d / 2; ++i) {
    const double theta = k * std::exp(-2.0 * i * std::log(10000.0) / d);
    Eigen::Matrix2d rot;  // [sin, cos](p + k) = [sin, cos](p) * rot
    rot << std::cos(theta), -std::sin(theta), std::sin(theta), std::cos(theta);
    for (int p : {0, 3, 20, 34}) {
      const Eigen::RowVector2d here = pe.block(p, 2 * i, 1, 2);
      const Eigen::RowVector2d there = pe.block(p + k, 2 * i, 1, 2);
      REQUIRE((here * rot - there).norm() < 1e-12);
    }
  }
}

TEST_CASE("positional encoding with odd d ends on a sin column, and bad sizes throw") {
  const Matrix pe = atlas::positional_encoding(3, 5);
  REQUIRE(pe(2, 4) == Approx(std::sin(2.0 * std::exp(-4.0 * std::log(10000.0) / 5))));
  REQUIRE_THROWS_WITH(atlas::positional_encoding(0, 4), Catch::Contains("n must be an integer from 1"));
  REQUIRE_THROWS_WITH(atlas::positional_encoding(4, 5000), Catch::Contains("d must be an integer"));
}

TEST_CASE("positional encoding from a first position: the same rows as the whole run's, and a first too far throws") {
  const Matrix all = atlas::positional_encoding(4016, 64);
  const Matrix tail = atlas::positional_encoding(16, 64, 4000);
  REQUIRE(tail.rows() == 16);
  REQUIRE((tail - all.bottomRows(16)).cwiseAbs().maxCoeff() == 0.0);  // the same products, bit for bit
  REQUIRE(atlas::positional_encoding(5, 7, 0) == atlas::positional_encoding(5, 7));
  REQUIRE_THROWS_WITH(atlas::positional_encoding(16, 64, atlas::kMaxSequence - 15), Catch::Contains("first must be an integer"));
  REQUIRE_THROWS_WITH(atlas::positional_encoding(16, 64, -1), Catch::Contains("first must be an integer"));
}

TEST_CASE("causal mask: 1 strictly above the diagonal, 0 elsewhere") {
  const Matrix m = atlas::causal_mask(4);
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) REQUIRE(m(i, j) == (j > i ? 1.0 : 0.0));
  }
  REQUIRE(atlas::causal_mask(1)(0, 0) == 0.0);
  REQUIRE_THROWS_AS(atlas::causal_mask(-1), std::invalid_argument);
}

TEST_CASE("entropy: uniform row = ln n, one-hot row = 0, zero row = 0") {
  for (int n : {1, 2, 10, 64}) {
    const auto h = atlas::entropy(Matrix::Constant(2, n, 1.0 / n));
    REQUIRE(h(0) == Approx(std::log(static_cast<double>(n))).margin(1e-12));
  }
  Matrix w = Matrix::Zero(2, 4);
  w(0, 2) = 1.0;
  const auto h = atlas::entropy(w);
  REQUIRE(h(0) == 0.0);
  REQUIRE(h(1) == 0.0);
}

TEST_CASE("entropy of a two-way split matches -p ln p - q ln q") {
  Matrix w(1, 2);
  w << 0.25, 0.75;
  REQUIRE(atlas::entropy(w)(0) == Approx(-0.25 * std::log(0.25) - 0.75 * std::log(0.75)).epsilon(1e-14));
}

TEST_CASE("entropy rejects negative weights and rows that are not distributions") {
  Matrix w(1, 2);
  w << -0.5, 1.5;
  REQUIRE_THROWS_WITH(atlas::entropy(w), Catch::Contains("negative"));
  w << 0.5, 0.4;
  REQUIRE_THROWS_WITH(atlas::entropy(w), Catch::Contains("row 0 sums to"));
}

TEST_CASE("patterns: every row sums to 1 for every name and size") {
  for (const char* name : {"uniform", "self-focus", "causal", "local", "strided", "global-local"}) {
    for (int n : {1, 2, 10, 33}) {
      INFO(name << " n=" << n);
      require_stochastic_rows(atlas::pattern(name, n));
    }
  }
}

TEST_CASE("patterns match the notebook's definitions at n = 10") {
  const Matrix self = atlas::pattern("self-focus", 10);
  REQUIRE(self(3, 3) == Approx(0.82).epsilon(1e-12));
  REQUIRE(self(3, 4) == Approx(0.02).epsilon(1e-12));
  const Matrix causal = atlas::pattern("causal", 10);
  REQUIRE(causal(3, 0) == Approx(0.25));
  REQUIRE(causal(3, 4) == 0.0);
  const Matrix local = atlas::pattern("local", 10, {3, 2, 1});
  REQUIRE(local(0, 0) == Approx(0.5));
  REQUIRE(local(5, 4) == Approx(1.0 / 3));
  REQUIRE(local(5, 7) == 0.0);
  const Matrix strided = atlas::pattern("strided", 10);
  REQUIRE(strided(7, 4) == Approx(0.2));
  REQUIRE(strided(7, 5) == 0.0);
  const Matrix gl = atlas::pattern("global-local", 10);
  REQUIRE(gl(0, 9) == Approx(0.1));  // the global token sees everything
  REQUIRE(gl(6, 0) == Approx(0.25)); // 5, 6, 7 and the global token 0
}

TEST_CASE("pattern options change the support and are validated") {
  const Matrix wide = atlas::pattern("local", 20, {7, 2, 1});
  REQUIRE((wide.row(10).array() > 0).count() == 7);
  const Matrix gl = atlas::pattern("global-local", 12, {3, 2, 3});
  REQUIRE((gl.row(8).array() > 0).count() == 6);  // 7, 8, 9 + globals 0, 1, 2
  REQUIRE((atlas::pattern("strided", 12, {3, 4, 1}).row(0).array() > 0).count() == 3);
  REQUIRE_THROWS_WITH(atlas::pattern("diagonal", 5), Catch::Contains("'diagonal' is unknown"));
  REQUIRE_THROWS_WITH(atlas::pattern("strided", 5, {3, 0, 1}), Catch::Contains("stride"));
  REQUIRE_THROWS_WITH(atlas::pattern("global-local", 5, {3, 2, 6}), Catch::Contains("globals"));
}
