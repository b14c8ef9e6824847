// The float32 path of attention() agrees with the double path within the
// tolerance attention.hpp states, keeps its invariants, and exp_in_place(float)
// stays within its stated relative error.
#include <cmath>
#include <limits>
#include <optional>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/vector_exp.hpp"
#include "helpers.hpp"

using atlas::Matrix;
using atlas::MatrixF;
using atlas::attention;
using atlas::attention_f32;
using atlas::test::random_matrix;

namespace {

double max_abs_diff(const MatrixF& f, const Matrix& d) { return (f.cast<double>() - d).cwiseAbs().maxCoeff(); }

}  // namespace

TEST_CASE("float attention agrees with double within 1e-5 on weights and 1e-4 on scores and output") {
  for (int n : {1, 7, 64, 512, 1024}) {
    INFO("n " << n);
    const Matrix Q = random_matrix(n, 64, 11), K = random_matrix(n, 64, 12), V = random_matrix(n, 64, 13);
    const auto d = attention(Q, K, V);
    const auto f = attention_f32(MatrixF(Q.cast<float>()), MatrixF(K.cast<float>()), MatrixF(V.cast<float>()));
    REQUIRE(max_abs_diff(f.weights, d.weights) < 1e-5);
    REQUIRE(max_abs_diff(f.scores, d.scores) < 1e-4);
    REQUIRE(max_abs_diff(f.output, d.output) < 1e-4);
    REQUIRE((f.row_sums.cast<double>().array() - 1.0).abs().maxCoeff() < 1e-5);
  }
}

TEST_CASE("float attention with a causal mask: blocked weights are exactly 0, as in double") {
  const int n = 300;
  const Matrix Q = random_matrix(n, 16, 21), K = random_matrix(n, 16, 22), V = random_matrix(n, 8, 23);
  const Matrix mask = atlas::causal_mask(n);
  const auto d = attention(Q, K, V, mask);
  const auto f = attention_f32(MatrixF(Q.cast<float>()), MatrixF(K.cast<float>()), MatrixF(V.cast<float>()),
                           std::optional<MatrixF>(mask.cast<float>()));
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) REQUIRE(f.weights(i, j) == 0.0f);
  }
  REQUIRE(max_abs_diff(f.weights, d.weights) < 1e-5);
}

TEST_CASE("float attention: a fully blocked row is all zero, and scores of 1e4 neither overflow nor give NaN") {
  MatrixF mask = MatrixF::Zero(3, 3);
  mask.row(1).setOnes();
  const MatrixF Q = random_matrix(3, 4, 31, 1e2).cast<float>(), K = random_matrix(3, 4, 32, 1e2).cast<float>();
  const auto f = attention_f32(Q, K, K, std::optional<MatrixF>(mask));
  REQUIRE(f.weights.allFinite());
  REQUIRE(f.weights.row(1).isZero(0.0f));
  REQUIRE(f.row_sums(1) == 0.0f);
  REQUIRE(std::abs(f.row_sums(0) - 1.0f) < 1e-6f);
}

TEST_CASE("float attention rejects NaN input and a mask value other than 0 and 1, naming the argument") {
  MatrixF Q = MatrixF::Ones(2, 2);
  Q(1, 0) = std::numeric_limits<float>::quiet_NaN();
  REQUIRE_THROWS_WITH(attention_f32(Q, MatrixF::Ones(2, 2), MatrixF::Ones(2, 2)), Catch::Contains("Q has a non-finite"));
  MatrixF mask = MatrixF::Zero(2, 2);
  mask(0, 1) = 0.5f;
  const MatrixF ones = MatrixF::Ones(2, 2);
  REQUIRE_THROWS_WITH(attention_f32(ones, ones, ones, std::optional<MatrixF>(mask)), Catch::Contains("row 0, column 1"));
}

TEST_CASE("exp_in_place(float) is within 2e-7 relative of std::exp on [-87, 88] and tiny below") {
  const int count = 20001;
  std::vector<float> x(count);
  for (int i = 0; i < count; ++i) x[i] = -87.0f + 175.0f * static_cast<float>(i) / (count - 1);
  std::vector<float> y = x;
  atlas::exp_in_place(y.data(), count);
  double worst = 0.0;
  for (int i = 0; i < count; ++i) {
    const double exact = std::exp(static_cast<double>(x[i]));
    worst = std::max(worst, std::abs(y[i] - exact) / exact);
  }
  REQUIRE(worst < 2e-7);
  float below[] = {-1000.0f, -90.0f};
  atlas::exp_in_place(below, 2);
  REQUIRE(below[0] >= 0.0f);
  REQUIRE(below[0] < 1e-37f);
  REQUIRE(below[1] < 1e-37f);
}
