// position_effect: the difference is exactly with - without, only the encoding
// changes, repeated words, and locality on average with the identity projection.
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "atlas/lessons/position_effect.hpp"
#include "helpers.hpp"

using atlas::Matrix;

namespace {

atlas::SelfAttentionOptions options(atlas::Projection projection, double strength, std::uint64_t seed) {
  atlas::SelfAttentionOptions o;
  o.d_model = 16;
  o.seed = seed;
  o.pe_strength = strength;
  o.projection = projection;
  return o;
}

}  // namespace

TEST_CASE("position effect: without and with are self_attention at strength 0 and s, difference is with - without") {
  const std::vector<std::string> words = {"the", "cat", "sat", "on", "the", "mat"};
  for (auto projection : {atlas::Projection::Random, atlas::Projection::Identity}) {
    const auto o = options(projection, 3.0, 7);
    const auto r = atlas::position_effect(words, o);
    atlas::SelfAttentionOptions plain = o;
    plain.pe_strength = 0.0;
    REQUIRE(r.without == atlas::self_attention(words, plain).result.weights);
    REQUIRE(r.with == atlas::self_attention(words, o).result.weights);
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 6; ++j) REQUIRE(r.difference(i, j) == r.with(i, j) - r.without(i, j));
      REQUIRE(r.difference.row(i).sum() == Approx(0.0).margin(1e-12));  // both rows sum to 1
    }
    atlas::test::require_stochastic_rows(r.without);
    atlas::test::require_stochastic_rows(r.with);
  }
}

TEST_CASE("position effect at strength 0 is exactly zero") {
  const auto r = atlas::position_effect({"a", "b", "c"}, options(atlas::Projection::Random, 0.0, 3));
  REQUIRE(r.difference.cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("position effect: repeated words share a row without the encoding, not with it") {
  const auto r = atlas::position_effect({"the", "cat", "saw", "the", "dog"},
                                        options(atlas::Projection::Random, 1.0, 11));
  REQUIRE(r.without.row(0) == r.without.row(3));
  REQUIRE((r.with.row(0) - r.with.row(3)).cwiseAbs().maxCoeff() > 1e-3);
}

TEST_CASE("position effect with the identity projection favours nearby words on average, random does not reliably") {
  // Twelve distinct words, 100 seeds: mean change of weight at distance 1 vs distance >= 6.
  std::vector<std::string> words;
  for (char c = 'a'; c < 'a' + 12; ++c) words.emplace_back(1, c);
  auto mean_change = [&](atlas::Projection projection, int lo, int hi) {
    double sum = 0.0;
    int count = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      const Matrix diff = atlas::position_effect(words, options(projection, 2.0, seed)).difference;
      for (int i = 0; i < 12; ++i) {
        for (int j = 0; j < 12; ++j) {
          const int k = std::abs(i - j);
          if (k >= lo && k <= hi) {
            sum += diff(i, j);
            ++count;
          }
        }
      }
    }
    return sum / count;
  };
  const double id_near = mean_change(atlas::Projection::Identity, 1, 1);
  const double id_far = mean_change(atlas::Projection::Identity, 6, 11);
  REQUIRE(id_near > 0.0);
  REQUIRE(id_far < 0.0);
  REQUIRE(id_near - id_far > 0.02);
  // Random projections: the near-minus-far gap is far smaller than with identity.
  const double rnd_gap = mean_change(atlas::Projection::Random, 1, 1) - mean_change(atlas::Projection::Random, 6, 11);
  REQUIRE(std::abs(rnd_gap) < (id_near - id_far) / 4);
}

TEST_CASE("position effect refuses a causal comparison and a strength outside 0..10") {
  auto o = options(atlas::Projection::Random, 1.0, 1);
  o.causal = true;
  REQUIRE_THROWS_WITH(atlas::position_effect({"a"}, o), Catch::Contains("causal must be false"));
  o.causal = false;
  o.pe_strength = -1.0;
  REQUIRE_THROWS_WITH(atlas::position_effect({"a"}, o), Catch::Contains("pe_strength"));
  REQUIRE_THROWS_AS(atlas::position_effect({}, options(atlas::Projection::Random, 1.0, 1)), std::invalid_argument);
}
