#include "atlas/attention/rollout.hpp"

#include <limits>
#include <stdexcept>
#include <vector>

#include "atlas/attention/attention.hpp"
#include "helpers.hpp"

using atlas::attention_rollout;
using atlas::Matrix;
using atlas::test::random_matrix;
using atlas::test::require_stochastic_rows;

namespace {

Matrix random_stochastic(int n, std::uint64_t seed) { return atlas::masked_softmax(random_matrix(n, n, seed, 2.0)); }

Matrix half_residual(const Matrix& W) { return 0.5 * W + 0.5 * Matrix::Identity(W.rows(), W.cols()); }

}  // namespace

TEST_CASE("rollout: every prefix is n x n with rows summing to 1") {
  std::vector<Matrix> layers;
  for (int l = 0; l < 6; ++l) layers.push_back(random_stochastic(7, 100 + l));
  const auto R = attention_rollout(layers);
  REQUIRE(R.size() == 6);
  for (const auto& r : R) {
    REQUIRE(r.rows() == 7);
    REQUIRE(r.cols() == 7);
    require_stochastic_rows(r, 1e-12);
  }
}

TEST_CASE("rollout of one identity layer is the identity") {
  const auto R = attention_rollout({Matrix::Identity(5, 5)});
  REQUIRE(R.size() == 1);
  REQUIRE(R[0].isIdentity(0.0));
}

TEST_CASE("rollout of one layer is half the attention plus half the identity") {
  const Matrix W = random_stochastic(4, 3);
  REQUIRE(attention_rollout({W})[0].isApprox(half_residual(W), 1e-14));
}

TEST_CASE("rollout multiplies later layers on the left: R_2 = A_2 A_1") {
  const Matrix W1 = random_stochastic(5, 21), W2 = random_stochastic(5, 22);
  const auto R = attention_rollout({W1, W2});
  const Matrix expected = half_residual(W2) * half_residual(W1);
  REQUIRE(R[1].isApprox(expected, 1e-13));
  REQUIRE_FALSE(R[1].isApprox(half_residual(W1) * half_residual(W2), 1e-3));
  REQUIRE(R[0].isApprox(half_residual(W1), 1e-14));
}

TEST_CASE("rollout follows a chain: a word two layers up reaches the word two places back") {
  // Every layer: position i takes everything from i - 1 (position 0 from itself).
  const int n = 4;
  Matrix shift = Matrix::Zero(n, n);
  shift(0, 0) = 1.0;
  for (int i = 1; i < n; ++i) shift(i, i - 1) = 1.0;
  const auto R = attention_rollout({shift, shift}, 1.0);
  REQUIRE(R[1](3, 1) == Approx(1.0));
  REQUIRE(R[1](3, 3) == 0.0);
  // With residual 0 the attention is ignored: the identity.
  REQUIRE(attention_rollout({shift, shift}, 0.0)[1].isIdentity(0.0));
}

TEST_CASE("rollout rows still sum to 1 for near-one-hot layers at extreme score scales") {
  for (double scale : {1e4, 1e-4}) {
    INFO("scale " << scale);
    std::vector<Matrix> layers;
    for (int l = 0; l < 6; ++l) layers.push_back(atlas::masked_softmax(random_matrix(6, 6, 50 + l, scale)));
    for (const auto& r : attention_rollout(layers)) require_stochastic_rows(r, 1e-12);
  }
}

TEST_CASE("rollout rejects bad layers") {
  const Matrix I3 = Matrix::Identity(3, 3);
  REQUIRE_THROWS_WITH(attention_rollout({}), Catch::Contains("layers must hold 1 to 64 matrices; got 0"));
  REQUIRE_THROWS_WITH(attention_rollout({I3, Matrix::Identity(4, 4)}),
                      Catch::Contains("layers[1] is 4 x 4; expected 3 x 3"));
  REQUIRE_THROWS_WITH(attention_rollout({Matrix::Constant(2, 3, 1.0 / 3)}), Catch::Contains("layers[0] is 2 x 3"));
  Matrix bad = I3;
  bad(1, 1) = 0.5;
  REQUIRE_THROWS_WITH(attention_rollout({I3, bad}), Catch::Contains("layers[1] row 1 is not a probability distribution"));
  bad(1, 1) = 1.5;
  bad(1, 0) = -0.5;
  REQUIRE_THROWS_WITH(attention_rollout({bad}), Catch::Contains("row 1 is not a probability"));
  bad(1, 0) = std::numeric_limits<double>::infinity();
  REQUIRE_THROWS_WITH(attention_rollout({bad}), Catch::Contains("layers[0] has a non-finite value"));
  REQUIRE_THROWS_WITH(attention_rollout({I3}, 1.5), Catch::Contains("residual must be a number from 0 to 1"));
}
