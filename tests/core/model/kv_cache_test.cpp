// Decoding with the KV cache (kv_cache.hpp) against recomputing the whole
// sequence with the training forward pass, on the shipped Austen model; the
// multiply-adds against their formula; sampling and generate()'s options.
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "atlas/model/generation.hpp"
#include "atlas/model/kv_cache.hpp"
#include "atlas/model/trained_model.hpp"
#include "helpers.hpp"
#include "shipped_model.hpp"

using namespace atlas::model;

namespace {

const std::string kPrompt = "It is a truth universally acknowledged, that a single man";

constexpr auto shipped = &atlas::test::shipped_trained_model;

template <typename A, typename B>
double max_abs(const A& a, const B& b) { return (a - b).cwiseAbs().maxCoeff(); }

// Cached and recomputed numbers differ by float32 rounding only (the same sums in
// another order). Attention weights lie in [0, 1]: within 1e-5. Logits are as
// large as kLogitBound (asserted below), and rounding grows with their size: within
// 1e-6 of kLogitBound (about 15 float32 steps at 25), which also bounds generate()'s
// difference, the largest over logits and weights.
constexpr double kLogitBound = 30, kWeightTolerance = 1e-5, kLogitTolerance = 1e-6 * kLogitBound;

// The multiply-adds of kv_cache.hpp's products, written out from the shapes:
// m new rows against t keys in all.
std::int64_t expected_multiply_adds(const ModelShape& s, std::int64_t m, std::int64_t t) {
  const std::int64_t D = s.d_model, F = 4 * D;
  const std::int64_t per_layer = 3 * m * D * D + 2 * m * t * D + m * D * D + (s.mlp ? 2 * m * D * F : 0);
  return s.layers * per_layer + m * D * s.vocab;
}

}  // namespace

TEST_CASE("decoding one token at a time with the KV cache gives the full recompute's numbers at every layer and step", "[model][austen]") {
  const Transformer<float> model = atlas::test::shipped_transformer();
  const ModelShape& s = model.shape();
  const std::vector<int> ids = shipped().characters().encode(atlas::test::read_source("site/model/austen-heldout.txt").substr(0, 4000)).ids;
  const std::vector<int> tokens(ids.begin() + 1000, ids.begin() + 1000 + s.context);  // a whole context of held-out text
  Activations<float> full;
  model.forward(tokens, full);
  KVCache cache;
  double largest = 0, largest_logit = 0;
  REQUIRE(full.logits.cwiseAbs().maxCoeff() < kLogitBound);
  for (int t = 0; t < s.context; ++t) {
    const Extension step = extend(model, {tokens[static_cast<std::size_t>(t)]}, cache);
    REQUIRE(step.logits.rows() == 1);
    INFO("position " << t);
    largest_logit = std::max(largest_logit, max_abs(step.logits, full.logits.row(t)));
    for (int l = 0; l < s.layers; ++l)
      for (int h = 0; h < s.heads; ++h) {
        const RowMatrix<float>& row = step.attention[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
        REQUIRE(row.cols() == t + 1);  // the query at t sees keys 0..t
        largest = std::max(largest, max_abs(row, full.layers[static_cast<std::size_t>(l)].attention[static_cast<std::size_t>(h)].row(t).head(t + 1)));
      }
  }
  for (int l = 0; l < s.layers; ++l) {
    INFO("layer " << l);
    const Eigen::Index n = cache.length();
    REQUIRE(max_abs(cache.keys[static_cast<std::size_t>(l)].topRows(n), full.layers[static_cast<std::size_t>(l)].qkv.key) <= 1e-5);
    REQUIRE(max_abs(cache.values[static_cast<std::size_t>(l)].topRows(n), full.layers[static_cast<std::size_t>(l)].qkv.value) <= 1e-5);
  }
  REQUIRE(largest <= kWeightTolerance);
  REQUIRE(largest_logit <= kLogitTolerance);
}

TEST_CASE("extend on an empty cache is the training forward pass, and a full cache refuses more", "[model][austen]") {
  const Transformer<float> model = atlas::test::shipped_transformer();
  const std::vector<int> tokens = shipped().characters().encode(kPrompt).ids;
  Activations<float> full;
  model.forward(tokens, full);
  KVCache cache;
  const Extension all = extend(model, tokens, cache);
  REQUIRE(max_abs(all.logits, full.logits) == 0.0);  // the same operations on the same matrices
  REQUIRE(cache.length() == static_cast<int>(tokens.size()));
  KVCache filled;
  extend(model, std::vector<int>(static_cast<std::size_t>(model.shape().context), 1), filled);
  REQUIRE_THROWS_WITH(extend(model, {1}, filled), Catch::Contains("the cache holds 128 of the context's 128 positions"));
  REQUIRE_THROWS_WITH(extend(model, {model.shape().vocab}, cache), Catch::Contains("tokens must be"));
}

TEST_CASE("the multiply-adds counted are the products' sizes, and the cache's step is linear in the length", "[model][austen]") {
  const Transformer<float> model = atlas::test::shipped_transformer();
  const ModelShape& s = model.shape();
  for (int t : {1, 2, 16, 64, 128}) {
    INFO("length " << t);
    KVCache empty;
    const Extension full = extend(model, std::vector<int>(static_cast<std::size_t>(t), 1), empty);
    REQUIRE(full.multiply_adds == expected_multiply_adds(s, t, t));
    if (t < 2) continue;
    KVCache cache;
    extend(model, std::vector<int>(static_cast<std::size_t>(t - 1), 1), cache);
    const Extension step = extend(model, {1}, cache);
    REQUIRE(step.multiply_adds == expected_multiply_adds(s, 1, t));
    REQUIRE(step.multiply_adds < full.multiply_adds);
  }
}

TEST_CASE("sample_token: temperature 0 is the argmax, top-k keeps the k largest, and draws follow softmax(logits / T)", "[model]") {
  RowVector<float> logits(5);
  logits << 1.0f, 3.0f, 2.0f, 3.0f, -1.0f;
  atlas::Rng rng(4);
  const SampledToken greedy = sample_token(logits, 0.0, 5, rng);
  REQUIRE(greedy.id == 1);  // the lower id of the tie at 3
  double all = 0;
  for (int i = 0; i < 5; ++i) all += std::exp(logits(i) - 3.0);
  REQUIRE(greedy.probability == Approx(1.0 / all).epsilon(1e-12));
  REQUIRE(greedy.sampling_probability == 1.0);
  for (int i = 0; i < 200; ++i) {
    const int id = sample_token(logits, 5.0, 2, rng).id;
    REQUIRE((id == 1 || id == 3));
  }
  const double temperature = 0.7;
  std::vector<double> expected(5);
  double total = 0;
  for (int i = 0; i < 5; ++i) total += (expected[static_cast<std::size_t>(i)] = std::exp((logits(i) - 3.0) / temperature));
  std::map<int, int> counts;
  const int draws = 40000;
  for (int i = 0; i < draws; ++i) {
    const SampledToken token = sample_token(logits, temperature, 5, rng);
    REQUIRE(token.sampling_probability == Approx(expected[static_cast<std::size_t>(token.id)] / total).epsilon(1e-12));
    ++counts[token.id];
  }
  for (int i = 0; i < 5; ++i) {
    INFO("id " << i);
    // 4 standard deviations of a binomial share at 40000 draws is at most 0.01
    REQUIRE(counts[i] / static_cast<double>(draws) == Approx(expected[static_cast<std::size_t>(i)] / total).margin(0.01));
  }
}

TEST_CASE("generate: the same seed gives the same text, another seed another, and the cache agrees with recomputing", "[model][austen]") {
  GenerateOptions options;
  options.steps = 50;
  options.seed = 7;
  const Generation a = shipped().generate(kPrompt, options);
  const Generation b = shipped().generate(kPrompt, options);
  options.seed = 8;
  const Generation c = shipped().generate(kPrompt, options);
  std::string text_a, text_b, text_c;
  for (const auto& ch : a.characters) text_a += ch.character;
  for (const auto& ch : b.characters) text_b += ch.character;
  for (const auto& ch : c.characters) text_c += ch.character;
  REQUIRE(text_a == text_b);
  REQUIRE(text_a != text_c);
  REQUIRE(a.characters.size() == 50);
  REQUIRE(a.max_difference.value() <= kLogitTolerance);
  const int prompt = static_cast<int>(a.prompt.size());
  double largest = 0;
  for (std::size_t k = 0; k < a.characters.size(); ++k) {
    const GeneratedCharacter& ch = a.characters[k];
    const int t = prompt + static_cast<int>(k);  // positions the choosing query sees
    INFO("step " << k);
    largest = std::max(largest, ch.difference.value());
    REQUIRE(ch.attention.size() == static_cast<std::size_t>(shipped().shape().layers));
    for (const atlas::Matrix& layer : ch.attention) {
      REQUIRE(layer.rows() == shipped().shape().heads);
      REQUIRE(layer.cols() == t);
      atlas::test::require_stochastic_rows(layer, 1e-5);
    }
    REQUIRE(ch.multiply_adds_full == expected_multiply_adds(shipped().shape(), t, t));
    REQUIRE(ch.multiply_adds_cached == (k == 0 ? expected_multiply_adds(shipped().shape(), t, t) : expected_multiply_adds(shipped().shape(), 1, t)));
    REQUIRE(ch.probability > 0.0);
    REQUIRE(ch.probability <= 1.0);
  }
  REQUIRE(largest == a.max_difference.value());
  std::int64_t cached = 0, full = 0;
  for (const GeneratedCharacter& ch : a.characters) {
    cached += ch.multiply_adds_cached;
    full += ch.multiply_adds_full;
  }
  REQUIRE(a.total_multiply_adds_cached == cached);
  REQUIRE(a.total_multiply_adds_full == full);
}

TEST_CASE("generate at temperature 0 takes the argmax of the recomputed logits at every step", "[model][austen]") {
  GenerateOptions options;
  options.steps = 30;
  options.temperature = 0.0;
  options.compare = false;
  const Generation g = shipped().generate(kPrompt, options);
  std::string text = kPrompt;
  for (const GeneratedCharacter& ch : g.characters) {
    const atlas::Matrix logits = shipped().logits(text);
    Eigen::Index best = 0;
    logits.row(logits.rows() - 1).maxCoeff(&best);
    INFO("after \"" << text << "\"");
    REQUIRE(ch.id == best);
    REQUIRE(ch.sampling_probability == 1.0);
    REQUIRE_FALSE(ch.difference.has_value());
    text += ch.character;
  }
  options.cache = false;
  options.compare = true;
  const Generation recomputed = shipped().generate(kPrompt, options);
  for (std::size_t k = 0; k < g.characters.size(); ++k) REQUIRE(recomputed.characters[k].id == g.characters[k].id);
  REQUIRE(recomputed.max_difference.value() <= kLogitTolerance);  // here the cache is the other way, replayed
}

TEST_CASE("generate names the option that is wrong", "[model][austen]") {
  const auto field_of = [](const std::string& prompt, const GenerateOptions& options) {
    try {
      shipped().generate(prompt, options);
    } catch (const atlas::ArgumentError& e) {
      return e.field() + ": " + e.what();
    }
    return std::string("no error");
  };
  const int context = shipped().shape().context;
  GenerateOptions ok;
  ok.steps = 4;
  REQUIRE_THAT(field_of(std::string(static_cast<std::size_t>(context), 'a'), ok), Catch::StartsWith("prompt: prompt must have 1 to 127"));
  REQUIRE_THAT(field_of("", ok), Catch::StartsWith("prompt: "));
  REQUIRE_THAT(field_of("caf\xC3\xA9 ~", ok), Catch::StartsWith("prompt: ") && Catch::Contains("\"\xC3\xA9\""));
  GenerateOptions bad = ok;
  bad.steps = context - 10 + 1;
  REQUIRE_THAT(field_of(std::string(10, 'a'), bad), Catch::StartsWith("steps: steps must be 1 to 118"));
  bad.steps = 0;
  REQUIRE_THAT(field_of("abc", bad), Catch::StartsWith("steps: "));
  bad = ok;
  bad.temperature = -0.5;
  REQUIRE_THAT(field_of("abc", bad), Catch::StartsWith("temperature: "));
  bad.temperature = std::nan("");
  REQUIRE_THAT(field_of("abc", bad), Catch::StartsWith("temperature: "));
  bad = ok;
  bad.top_k = 0;
  REQUIRE_THAT(field_of("abc", bad), Catch::StartsWith("topK: "));
  bad.top_k = shipped().shape().vocab + 1;
  REQUIRE_THAT(field_of("abc", bad), Catch::StartsWith("topK: topK must be 1 to 81"));
  bad.top_k = shipped().shape().vocab;
  REQUIRE(field_of("abc", bad) == "no error");
  REQUIRE_THROWS_AS(shipped().logits(""), atlas::ArgumentError);
}
