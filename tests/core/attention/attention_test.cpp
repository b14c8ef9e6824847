#include "atlas/attention/attention.hpp"

#include <cmath>
#include <stdexcept>

#include "atlas/attention/mask.hpp"
#include "helpers.hpp"

using atlas::Matrix;
using atlas::attention;
using atlas::test::random_matrix;
using atlas::test::require_stochastic_rows;

TEST_CASE("attention weights: every row sums to 1, at ordinary and extreme scales") {
  for (double scale : {1.0, 1e4, 1e-4}) {
    INFO("scale " << scale);
    const Matrix Q = random_matrix(5, 4, 1, scale), K = random_matrix(7, 4, 2, scale);
    const auto r = attention(Q, K, random_matrix(7, 3, 3));
    REQUIRE(r.weights.rows() == 5);
    REQUIRE(r.weights.cols() == 7);
    REQUIRE(r.output.rows() == 5);
    REQUIRE(r.output.cols() == 3);
    REQUIRE(r.weights.allFinite());
    require_stochastic_rows(r.weights);
    REQUIRE(r.row_sums.isOnes(1e-12));
  }
}

TEST_CASE("attention matches a hand-computed 2 x 2 example") {
  // Q = K = I (d_k = 2): scores = I / sqrt(2); row 0 -> softmax([s, 0]).
  const Matrix I = Matrix::Identity(2, 2);
  Matrix V(2, 1);
  V << 1.0, 3.0;
  const auto r = attention(I, I, V);
  const double s = 1.0 / std::sqrt(2.0);
  const double w_self = std::exp(s) / (std::exp(s) + 1.0);
  REQUIRE(r.weights(0, 0) == Approx(w_self).epsilon(1e-14));
  REQUIRE(r.weights(0, 1) == Approx(1.0 - w_self).epsilon(1e-14));
  REQUIRE(r.output(0, 0) == Approx(w_self * 1.0 + (1.0 - w_self) * 3.0).epsilon(1e-14));
  REQUIRE(r.scores(1, 1) == Approx(s).epsilon(1e-14));
}

TEST_CASE("softmax is unchanged when a constant is added to a row of scores") {
  const Matrix scores = random_matrix(4, 6, 11);
  Matrix shifted = scores;
  shifted.row(2).array() += 1234.5;
  shifted.row(0).array() -= 1e4;
  REQUIRE(atlas::masked_softmax(shifted).isApprox(atlas::masked_softmax(scores), 1e-9));
}

TEST_CASE("scores of magnitude 1e4 give finite weights that pick the maximum") {
  Matrix scores(1, 3);
  scores << 1e4, -1e4, 1e4 - 1.0;
  const Matrix w = atlas::masked_softmax(scores);
  REQUIRE(w.allFinite());
  REQUIRE(w(0, 0) == Approx(1.0 / (1.0 + std::exp(-1.0))).epsilon(1e-12));
  REQUIRE(w(0, 1) == 0.0);  // exp(-2e4) underflows to exactly 0
}

TEST_CASE("causal mask: upper triangle of the weights is exactly 0") {
  const int n = 6;
  const auto r = attention(random_matrix(n, 4, 5), random_matrix(n, 4, 6), random_matrix(n, 2, 7),
                           atlas::causal_mask(n));
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) REQUIRE(r.weights(i, j) == 0.0);
  }
  require_stochastic_rows(r.weights);
  REQUIRE(r.weights(0, 0) == 1.0);  // the first token can only see itself
}

TEST_CASE("a fully blocked row gets zero weights and zero output, never NaN") {
  Matrix mask = Matrix::Zero(3, 3);
  mask.row(1).setOnes();
  const auto r = attention(random_matrix(3, 2, 1), random_matrix(3, 2, 2), random_matrix(3, 2, 3), mask);
  REQUIRE(r.weights.allFinite());
  REQUIRE(r.weights.row(1).isZero(0.0));
  REQUIRE(r.output.row(1).isZero(0.0));
  REQUIRE(r.row_sums(1) == 0.0);
  REQUIRE(r.weights.row(0).sum() == Approx(1.0));
}

TEST_CASE("n = 1: a single query attends fully to a single key") {
  const auto r = attention(random_matrix(1, 3, 1), random_matrix(1, 3, 2), random_matrix(1, 2, 3));
  REQUIRE(r.weights(0, 0) == 1.0);
}

TEST_CASE("attention rejects mismatched shapes, NaN and bad masks with named messages") {
  const Matrix Q = random_matrix(3, 4, 1);
  REQUIRE_THROWS_WITH(attention(Q, random_matrix(3, 5, 2), random_matrix(3, 2, 3)),
                      Catch::Contains("K is 3 x 5") && Catch::Contains("d_k = 4"));
  REQUIRE_THROWS_WITH(attention(Q, random_matrix(3, 4, 2), random_matrix(2, 2, 3)),
                      Catch::Contains("V is 2 x 2"));
  Matrix nan_q = Q;
  nan_q(1, 2) = std::nan("");
  REQUIRE_THROWS_WITH(attention(nan_q, Q, Q), Catch::Contains("Q has a non-finite value") &&
                                                  Catch::Contains("row 1, column 2"));
  REQUIRE_THROWS_WITH(attention(Q, Q, Q, Matrix::Zero(2, 3)), Catch::Contains("mask is 2 x 3"));
  REQUIRE_THROWS_WITH(attention(Q, Q, Q, Matrix::Constant(3, 3, 0.5)),
                      Catch::Contains("only 0 (allowed) and 1 (blocked)"));
  REQUIRE_THROWS_AS(attention(Matrix(0, 0), Q, Q), std::invalid_argument);
  REQUIRE_THROWS_WITH(attention(Q * 1e200, Q * 1e200, Q), Catch::Contains("overflows to infinity"));
}
