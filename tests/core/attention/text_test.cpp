// Word splitting, seeded randomness, toy embeddings and the sentence pipeline.
#include <cmath>
#include <set>
#include <stdexcept>

#include "atlas/attention/embedding.hpp"
#include "atlas/attention/entropy.hpp"
#include "atlas/attention/positional.hpp"
#include "atlas/attention/self_attention.hpp"
#include "atlas/attention/tokenize.hpp"
#include "helpers.hpp"

using atlas::Matrix;

TEST_CASE("split_words splits on whitespace and keeps UTF-8 characters whole") {
  using V = std::vector<std::string>;
  REQUIRE(atlas::split_words("  The cat\tsat\n", 64) == V{"The", "cat", "sat"});
  REQUIRE(atlas::split_words("caf\xC3\xA9 \xE7\x8C\xAB\xC2\xA0\xF0\x9F\x90\x88", 64) ==
          V{"caf\xC3\xA9", "\xE7\x8C\xAB", "\xF0\x9F\x90\x88"});
}

TEST_CASE("split_words refuses empty text, invalid UTF-8 and more than max words") {
  REQUIRE_THROWS_WITH(atlas::split_words(" \t ", 64), Catch::Contains("empty"));
  REQUIRE_THROWS_WITH(atlas::split_words("ok \xC3", 64), Catch::Contains("not valid UTF-8"));
  REQUIRE_THROWS_WITH(atlas::split_words("\xED\xA0\x80", 64), Catch::Contains("not valid UTF-8"));
  std::string many;
  for (int i = 0; i < 65; ++i) many += "w ";
  REQUIRE_THROWS_WITH(atlas::split_words(many, 64), Catch::Contains("65 words; the limit is 64"));
  REQUIRE(atlas::split_words(many.substr(2), 64).size() == 64);
}

TEST_CASE("Rng: same seed, same stream, and normals have mean ~0 and variance ~1") {
  atlas::Rng a(42), b(42), c(43);
  REQUIRE(a.next_u64() == b.next_u64());
  REQUIRE(a.next_u64() != c.next_u64());
  atlas::Rng rng(7);
  double sum = 0, sum_sq = 0;
  const int count = 200000;
  for (int i = 0; i < count; ++i) {
    const double x = rng.normal();
    sum += x;
    sum_sq += x * x;
  }
  // Standard errors are 1/sqrt(count) ~ 0.0022 and sqrt(2/count) ~ 0.0032.
  REQUIRE(std::abs(sum / count) < 0.01);
  REQUIRE(std::abs(sum_sq / count - 1.0) < 0.015);
  for (int i = 0; i < 1000; ++i) {
    const double u = rng.uniform();
    REQUIRE((u >= 0.0 && u < 1.0));
  }
}

TEST_CASE("embed_words gives the same row to the same word, case-insensitively") {
  const Matrix x = atlas::embed_words({"The", "cat", "the", "dog"}, 8, 3);
  REQUIRE(x.row(0) == x.row(2));
  REQUIRE(x.row(0) != x.row(1));
  REQUIRE(atlas::embed_words({"cat"}, 8, 3).row(0) == x.row(1));  // independent of position
  REQUIRE(atlas::embed_words({"cat"}, 8, 4).row(0) != x.row(1));  // depends on the seed
  REQUIRE_THROWS_WITH(atlas::embed_words({"a"}, 0, 1), Catch::Contains("d_model"));
}

TEST_CASE("self_attention: same projections with and without the encoding") {
  const std::vector<std::string> words = {"the", "cat", "sat", "on", "the", "mat"};
  atlas::SelfAttentionOptions o;
  o.d_model = 16;
  o.seed = 5;
  const auto plain = atlas::self_attention(words, o);
  atlas::test::require_stochastic_rows(plain.result.weights);
  // Without position, both "the" rows are identical: attention is permutation-equivariant.
  REQUIRE(plain.result.weights.row(0).isApprox(plain.result.weights.row(4), 1e-14));
  o.pe_strength = 1.0;
  const auto with_pe = atlas::self_attention(words, o);
  REQUIRE(!with_pe.result.weights.row(0).isApprox(with_pe.result.weights.row(4), 1e-6));
  // Same W_q: Q_with - Q_without = (PE) W_q, so the difference only comes from the encoding.
  const Matrix delta_x = with_pe.X - plain.X;
  REQUIRE(delta_x.isApprox(atlas::positional_encoding(6, 16), 1e-12));
}

TEST_CASE("self_attention: causal option blocks the future, and identity uses X as Q, K, V") {
  atlas::SelfAttentionOptions o;
  o.causal = true;
  const auto r = atlas::self_attention({"a", "b", "c"}, o);
  REQUIRE(r.result.weights(0, 1) == 0.0);
  REQUIRE(r.result.weights(1, 2) == 0.0);
  o.causal = false;
  o.projection = atlas::Projection::Identity;
  const auto id = atlas::self_attention({"a", "b", "c"}, o);
  REQUIRE(id.Q == id.X);
  REQUIRE(id.K == id.X);
  o.pe_strength = 11.0;
  REQUIRE_THROWS_WITH(atlas::self_attention({"a"}, o), Catch::Contains("pe_strength"));
}

TEST_CASE("self_attention: the 1/sqrt(d) scaling keeps row entropy flat across d_model") {
  // The page claims rows stay about as spread out at d = 128 as at d = 8.
  const std::vector<std::string> words = {"the", "cat", "sat", "on", "the", "mat", "and", "looked", "at", "a", "dog"};
  auto mean_entropy = [&](int d) {
    double sum = 0.0;
    int count = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      atlas::SelfAttentionOptions o;
      o.d_model = d;
      o.seed = seed;
      const auto h = atlas::entropy(atlas::self_attention(words, o).result.weights);
      sum += h.sum();
      count += static_cast<int>(h.size());
    }
    return sum / count;
  };
  const double at8 = mean_entropy(8), at128 = mean_entropy(128);
  REQUIRE(std::abs(at8 - at128) < 0.15);
  REQUIRE(at128 < std::log(11.0) - 0.2);  // not uniform either
  REQUIRE(at128 > 1.5);                   // and not collapsed onto one word
}
