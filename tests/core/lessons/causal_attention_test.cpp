// causal_attention: blocked weights are exactly 0, masked rows are the unmasked
// rows renormalised over keys 0..i, prefixes agree, entropy bounded by ln(i + 1).
#include <cmath>
#include <string>
#include <vector>

#include "atlas/lessons/causal_attention.hpp"
#include "atlas/attention/mask.hpp"
#include "helpers.hpp"

using atlas::Matrix;

namespace {

const std::vector<std::string> kWords = {"the", "cat", "sat", "on", "the", "mat", "today"};

atlas::SelfAttentionOptions options(std::uint64_t seed) {
  atlas::SelfAttentionOptions o;
  o.d_model = 16;
  o.seed = seed;
  o.pe_strength = 1.0;
  return o;
}

}  // namespace

TEST_CASE("causal attention: blocked entries get weight exactly 0 and rows still sum to 1") {
  const auto r = atlas::causal_attention(kWords, options(3));
  REQUIRE(r.mask == atlas::causal_mask(7));
  for (int i = 0; i < 7; ++i) {
    for (int j = i + 1; j < 7; ++j) REQUIRE(r.masked(i, j) == 0.0);
  }
  atlas::test::require_stochastic_rows(r.masked);
  atlas::test::require_stochastic_rows(r.unmasked);
  REQUIRE(r.masked(0, 0) == 1.0);
}

TEST_CASE("causal attention: a masked row is the unmasked row renormalised over keys 0..i") {
  for (std::uint64_t seed : {1, 2, 99}) {
    const auto r = atlas::causal_attention(kWords, options(seed));
    for (int i = 0; i < 7; ++i) {
      const double allowed = r.unmasked.row(i).head(i + 1).sum();
      for (int j = 0; j <= i; ++j) {
        INFO("seed " << seed << ", row " << i << ", key " << j);
        REQUIRE(r.masked(i, j) == Approx(r.unmasked(i, j) / allowed).margin(1e-12));
      }
    }
  }
}

TEST_CASE("causal attention: rows 0..t do not depend on the words after t") {
  const auto full = atlas::causal_attention(kWords, options(5));
  for (int t = 0; t < 7; ++t) {
    const std::vector<std::string> prefix(kWords.begin(), kWords.begin() + t + 1);
    const auto part = atlas::causal_attention(prefix, options(5));
    REQUIRE(part.masked.isApprox(full.masked.topLeftCorner(t + 1, t + 1), 1e-13));
  }
}

TEST_CASE("causal attention: row i has entropy at most ln(i + 1), unmasked at most ln n") {
  const auto r = atlas::causal_attention(kWords, options(8));
  REQUIRE(r.masked_entropy(0) == 0.0);
  for (int i = 0; i < 7; ++i) {
    REQUIRE(r.masked_entropy(i) <= std::log(i + 1.0) + 1e-12);
    REQUIRE(r.unmasked_entropy(i) <= std::log(7.0) + 1e-12);
  }
  REQUIRE(r.unmasked_entropy(0) > 0.0);
}

TEST_CASE("causal attention ignores options.causal and validates like self_attention") {
  auto o = options(2);
  o.causal = true;
  const auto a = atlas::causal_attention(kWords, o);
  o.causal = false;
  REQUIRE(atlas::causal_attention(kWords, o).unmasked == a.unmasked);
  o.pe_strength = 12.0;
  REQUIRE_THROWS_WITH(atlas::causal_attention(kWords, o), Catch::Contains("pe_strength"));
  REQUIRE_THROWS_AS(atlas::causal_attention({}, options(1)), std::invalid_argument);
}

TEST_CASE("causal attention returns the inputs and projections both runs share, so a row can be retraced") {
  auto o = options(5);
  const auto r = atlas::causal_attention(kWords, o);
  o.causal = false;
  const auto plain = atlas::self_attention(kWords, o);
  REQUIRE(r.X == plain.X);
  REQUIRE(r.Q == plain.Q);
  REQUIRE(r.K == plain.K);
  REQUIRE(r.V == plain.V);
  REQUIRE(atlas::attention(r.Q, r.K, r.V, r.mask).weights == r.masked);
}
