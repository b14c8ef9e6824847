#include "atlas/lessons/cross_attention.hpp"

#include <cmath>
#include <stdexcept>

#include "helpers.hpp"

using atlas::CrossAttentionOptions;
using atlas::Matrix;
using atlas::cross_attention;
using atlas::test::require_stochastic_rows;

namespace {
const std::vector<std::string> kTarget = {"le", "chat", "dort"};
const std::vector<std::string> kSource = {"the", "cat", "is", "asleep", "now"};
}  // namespace

TEST_CASE("cross-attention shapes: Q from the target, K and V from the source") {
  const auto r = cross_attention(kTarget, kSource, {8, 3});
  REQUIRE(r.Q.rows() == 3);
  REQUIRE(r.Q.cols() == 8);
  REQUIRE(r.K.rows() == 5);
  REQUIRE(r.V.rows() == 5);
  REQUIRE(r.K.cols() == 8);
  REQUIRE(r.result.weights.rows() == 3);
  REQUIRE(r.result.weights.cols() == 5);
  REQUIRE(r.result.output.rows() == 3);
  REQUIRE(r.result.output.cols() == 8);
  require_stochastic_rows(r.result.weights);
}

TEST_CASE("cross-attention weights match softmax(Q K^T / sqrt(d)) written out by hand") {
  const int d = 16;
  const auto r = cross_attention(kTarget, kSource, {d, 7});
  for (int i = 0; i < 3; ++i) {
    double sum = 0.0;
    std::vector<double> e(5);
    for (int j = 0; j < 5; ++j) {
      e[j] = std::exp(r.Q.row(i).dot(r.K.row(j)) / std::sqrt(static_cast<double>(d)));
      sum += e[j];
    }
    for (int j = 0; j < 5; ++j) REQUIRE(r.result.weights(i, j) == Approx(e[j] / sum).epsilon(1e-12));
  }
  REQUIRE(r.result.output.isApprox(r.result.weights * r.V, 1e-12));
}

TEST_CASE("cross-attention: queries depend on the target only, keys and values on the source only") {
  const CrossAttentionOptions o{16, 5};
  const auto a = cross_attention(kTarget, kSource, o);
  const auto other_source = cross_attention(kTarget, {"a", "dog", "runs"}, o);
  const auto other_target = cross_attention({"un", "chien"}, kSource, o);
  REQUIRE(other_source.Q == a.Q);
  REQUIRE(other_target.K == a.K);
  REQUIRE(other_target.V == a.V);
  REQUIRE(other_source.result.weights.cols() == 3);
  REQUIRE(other_target.result.weights.rows() == 2);
}

TEST_CASE("cross-attention is reproducible from its seed and changes with it") {
  const auto a = cross_attention(kTarget, kSource, {16, 11});
  REQUIRE(cross_attention(kTarget, kSource, {16, 11}).result.weights == a.result.weights);
  REQUIRE_FALSE(cross_attention(kTarget, kSource, {16, 12}).result.weights.isApprox(a.result.weights));
}

TEST_CASE("cross-attention with one source word gives every target word weight 1 on it") {
  const auto r = cross_attention(kTarget, {"word"}, {4, 1});
  REQUIRE(r.result.weights.isOnes(1e-15));
  for (int i = 0; i < 3; ++i) REQUIRE(r.result.output.row(i).isApprox(r.V.row(0)));
}

TEST_CASE("cross-attention rejects empty sentences and a bad d_model, naming the argument") {
  REQUIRE_THROWS_WITH(cross_attention({}, kSource, {}), Catch::Contains("target is empty"));
  REQUIRE_THROWS_WITH(cross_attention(kTarget, {}, {}), Catch::Contains("source is empty"));
  REQUIRE_THROWS_WITH(cross_attention(kTarget, kSource, {0, 1}), Catch::Contains("d_model must be"));
  REQUIRE_THROWS_AS(cross_attention(kTarget, kSource, {2000, 1}), std::invalid_argument);
}

TEST_CASE("cross-attention stays a distribution at d_model 1 and at the largest d_model") {
  for (int d : {1, 1024}) {
    INFO("d_model " << d);
    const auto r = cross_attention(kTarget, kSource, {d, 9});
    REQUIRE(r.result.weights.allFinite());
    require_stochastic_rows(r.result.weights);
  }
}
