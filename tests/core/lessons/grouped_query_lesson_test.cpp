#include "atlas/lessons/grouped_query_lesson.hpp"

#include <stdexcept>

#include "atlas/attention/embedding.hpp"
#include "atlas/attention/multi_head.hpp"
#include "helpers.hpp"

using atlas::GroupedQueryLessonOptions;
using atlas::grouped_query_lesson;

namespace {
const std::vector<std::string> kWords = {"the", "cat", "sat", "on", "the", "mat", "again"};
}

TEST_CASE("grouped_query_lesson with g = h reproduces section 3's multi-head heads") {
  GroupedQueryLessonOptions o;
  o.heads = 4; o.kv_heads = 4; o.seed = 9;
  const atlas::GroupedQueryResult gq = grouped_query_lesson(kWords, o);
  const atlas::MultiHeadResult mh =
      atlas::multi_head_attention(atlas::embed_words(kWords, 16, 9), atlas::random_projections(16, 9), 4);
  for (int j = 0; j < 4; ++j) REQUIRE((gq.heads[j].weights - mh.heads[j].result.weights).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("grouped_query_lesson: fewer groups keep the queries and share mean-pooled keys") {
  GroupedQueryLessonOptions o;
  o.heads = 4; o.kv_heads = 4;
  const atlas::GroupedQueryResult full = grouped_query_lesson(kWords, o);
  o.kv_heads = 1;
  const atlas::GroupedQueryResult one = grouped_query_lesson(kWords, o);
  REQUIRE(one.K.size() == 1);
  for (int j = 0; j < 4; ++j) REQUIRE((one.Q[j] - full.Q[j]).cwiseAbs().maxCoeff() == 0.0);
  // The shared key head is the mean of the four (keys are linear in the projection).
  const atlas::Matrix mean = (full.K[0] + full.K[1] + full.K[2] + full.K[3]) / 4;
  REQUIRE((one.K[0] - mean).cwiseAbs().maxCoeff() < 1e-14);
  o.kv_heads = 2; o.causal = true;
  const atlas::GroupedQueryResult two = grouped_query_lesson(kWords, o);
  REQUIRE(two.group == std::vector<int>{0, 0, 1, 1});
  for (const auto& h : two.heads) {
    atlas::test::require_stochastic_rows(h.weights);
    REQUIRE(h.weights(0, 1) == 0.0);  // causal
  }
}

TEST_CASE("grouped_query_lesson names the option it refuses") {
  GroupedQueryLessonOptions o;
  o.heads = 4; o.kv_heads = 3;
  REQUIRE_THROWS_WITH(grouped_query_lesson(kWords, o), Catch::Contains("kv_heads (3) must divide heads (4)"));
  o.kv_heads = 1; o.heads = 3;
  REQUIRE_THROWS_WITH(grouped_query_lesson(kWords, o), Catch::Contains("d_model (16) must be a multiple of heads (3)"));
  o.heads = 0;
  REQUIRE_THROWS_WITH(grouped_query_lesson(kWords, o), Catch::Contains("heads"));
}
