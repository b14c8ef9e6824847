// generate() with a PromptCache (generation.hpp): a generation from a kept prompt
// starts from the kept run and gives the numbers of a generation without it; a
// new prompt replaces what is kept; recomputing without the cache never touches it.
#include <string>

#include "atlas/model/generation.hpp"
#include "atlas/model/trained_model.hpp"
#include "helpers.hpp"
#include "shipped_model.hpp"

using namespace atlas::model;

namespace {

const std::string kPrompt = "It is a truth universally acknowledged, that a single man";

constexpr auto shipped = &atlas::test::shipped_trained_model;

GenerateOptions sampling(std::uint64_t seed, double temperature, int top_k) {
  GenerateOptions o;
  o.steps = 25;
  o.seed = seed;
  o.temperature = temperature;
  o.top_k = top_k;
  o.compare = false;
  return o;
}

// Every number of two generations, exactly: the kept run is the same computation's bits.
void require_same(const Generation& a, const Generation& b) {
  REQUIRE(a.prompt == b.prompt);
  REQUIRE(a.characters.size() == b.characters.size());
  for (std::size_t k = 0; k < a.characters.size(); ++k) {
    INFO("character " << k);
    const GeneratedCharacter &x = a.characters[k], &y = b.characters[k];
    REQUIRE(x.id == y.id);
    REQUIRE(x.probability == y.probability);
    REQUIRE(x.sampling_probability == y.sampling_probability);
    REQUIRE(x.multiply_adds_cached == y.multiply_adds_cached);
    REQUIRE(x.attention.size() == y.attention.size());
    for (std::size_t l = 0; l < x.attention.size(); ++l) REQUIRE(x.attention[l] == y.attention[l]);
  }
  REQUIRE(a.total_multiply_adds_cached == b.total_multiply_adds_cached);
}

}  // namespace

TEST_CASE("a generation from a kept prompt run gives the numbers of one without it", "[model][austen]") {
  PromptCache kept;
  require_same(shipped().generate(kPrompt, sampling(1, 0.8, 10), &kept), shipped().generate(kPrompt, sampling(1, 0.8, 10)));
  REQUIRE(kept.ids.size() == kPrompt.size());
  REQUIRE(kept.cache.length() == static_cast<int>(kPrompt.size()));
  REQUIRE(kept.attention.size() == static_cast<std::size_t>(shipped().shape().layers));
  // Other sampling settings start from the kept run: the same numbers as from scratch.
  require_same(shipped().generate(kPrompt, sampling(9, 1.3, 5), &kept), shipped().generate(kPrompt, sampling(9, 1.3, 5)));
  require_same(shipped().generate(kPrompt, sampling(2, 0.0, 1), &kept), shipped().generate(kPrompt, sampling(2, 0.0, 1)));
  REQUIRE(kept.cache.length() == static_cast<int>(kPrompt.size()));  // the generations appended to copies
}

TEST_CASE("the kept prompt run is what the first character is chosen from", "[model][austen]") {
  PromptCache kept;
  const Generation before = shipped().generate(kPrompt, sampling(1, 0.0, 1), &kept);
  // Make another character the kept run's most probable one: a generation that reads the
  // kept logits (instead of running the prompt again) takes it at temperature 0.
  const int other = before.characters.front().id == 1 ? 2 : 1;
  kept.logits(other) = kept.logits.maxCoeff() + 10.0f;
  REQUIRE(shipped().generate(kPrompt, sampling(1, 0.0, 1), &kept).characters.front().id == other);
  REQUIRE(shipped().generate(kPrompt, sampling(1, 0.0, 1)).characters.front().id == before.characters.front().id);
}

TEST_CASE("another prompt replaces the kept run, and recomputing without the cache leaves it alone", "[model][austen]") {
  PromptCache kept;
  shipped().generate(kPrompt, sampling(1, 0.8, 10), &kept);
  const std::string other = "Emma Woodhouse, handsome, clever, and rich";
  require_same(shipped().generate(other, sampling(4, 0.8, 10), &kept), shipped().generate(other, sampling(4, 0.8, 10)));
  REQUIRE(kept.ids.size() == other.size());
  GenerateOptions recompute = sampling(4, 0.8, 10);
  recompute.cache = false;
  shipped().generate(kPrompt, recompute, &kept);
  REQUIRE(kept.ids.size() == other.size());
  // A prompt the model refuses leaves the kept run as it was.
  REQUIRE_THROWS_AS(shipped().generate(std::string(200, 'a'), sampling(1, 0.8, 10), &kept), atlas::ArgumentError);
  REQUIRE(kept.ids.size() == other.size());
}
