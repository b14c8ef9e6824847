#include "atlas/attention/grouped_query.hpp"

#include <stdexcept>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/multi_head.hpp"
#include "helpers.hpp"

using atlas::GroupedQueryProjections;
using atlas::Matrix;
using atlas::grouped_query_attention;
using atlas::pool_key_value_heads;
using atlas::test::random_matrix;

namespace {
// h heads of width d_k over g key/value heads, random weights.
GroupedQueryProjections random_gqa(int d_model, int heads, int kv_heads, int d_k, std::uint64_t seed) {
  GroupedQueryProjections p;
  p.Wq = random_matrix(d_model, heads * d_k, seed, 0.3);
  p.Wk = random_matrix(d_model, kv_heads * d_k, seed + 1, 0.3);
  p.Wv = random_matrix(d_model, kv_heads * d_k, seed + 2, 0.3);
  p.Wo = random_matrix(heads * d_k, d_model, seed + 3, 0.3);
  return p;
}
}  // namespace

TEST_CASE("grouped-query attention with g = h is multi-head attention with the same weights") {
  const Matrix X = random_matrix(7, 12, 1);
  const GroupedQueryProjections p = random_gqa(12, 4, 4, 3, 10);
  const atlas::MultiHeadResult mh = atlas::multi_head_attention(X, {p.Wq, p.Wk, p.Wv, p.Wo}, 4, atlas::causal_mask(7));
  const atlas::GroupedQueryResult gq = grouped_query_attention(X, p, 4, 4, atlas::causal_mask(7));
  REQUIRE(gq.d_k == 3);
  REQUIRE(gq.K.size() == 4);
  for (int j = 0; j < 4; ++j) {
    REQUIRE(gq.group[j] == j);
    REQUIRE((gq.heads[j].weights - mh.heads[j].result.weights).cwiseAbs().maxCoeff() == 0.0);
  }
  REQUIRE((gq.output - mh.output).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("grouped-query attention with g = 1 is multi-query attention: one K and V for every head") {
  const Matrix X = random_matrix(6, 8, 2);
  const GroupedQueryProjections p = random_gqa(8, 4, 1, 5, 20);
  const atlas::GroupedQueryResult gq = grouped_query_attention(X, p, 4, 1);
  // Multi-query attention written out (Shazeer 2019): K = X Wk, V = X Wv shared by all heads.
  const Matrix K = X * p.Wk, V = X * p.Wv;
  Matrix concat(6, 20);
  for (int j = 0; j < 4; ++j) {
    const Matrix Qj = X * p.Wq.middleCols(5 * j, 5);
    const atlas::AttentionResult r = atlas::attention(Qj, K, V);
    REQUIRE(gq.group[j] == 0);
    REQUIRE((gq.heads[j].weights - r.weights).cwiseAbs().maxCoeff() < 1e-14);
    concat.middleCols(5 * j, 5) = r.output;
  }
  REQUIRE((gq.output - concat * p.Wo).cwiseAbs().maxCoeff() < 1e-13);
}

TEST_CASE("grouped-query heads of one group read the same K and V; groups are consecutive query heads") {
  const Matrix X = random_matrix(5, 16, 3);
  const atlas::GroupedQueryResult gq = grouped_query_attention(X, random_gqa(16, 6, 2, 4, 30), 6, 2);
  REQUIRE(gq.group == std::vector<int>{0, 0, 0, 1, 1, 1});
  REQUIRE(gq.K.size() == 2);
  REQUIRE(gq.V.size() == 2);
  for (const auto& head : gq.heads) atlas::test::require_stochastic_rows(head.weights);
  // Two heads of a group differ only through their queries: with equal queries the patterns are equal.
  GroupedQueryProjections same = random_gqa(16, 6, 2, 4, 30);
  same.Wq.middleCols(4, 4) = same.Wq.middleCols(0, 4);   // head 1 := head 0 (same group 0)
  same.Wq.middleCols(12, 4) = same.Wq.middleCols(0, 4);  // head 3 := head 0 (group 1)
  const atlas::GroupedQueryResult s = grouped_query_attention(X, same, 6, 2);
  REQUIRE((s.heads[1].weights - s.heads[0].weights).cwiseAbs().maxCoeff() == 0.0);
  REQUIRE((s.heads[3].weights - s.heads[0].weights).cwiseAbs().maxCoeff() > 1e-3);
}

TEST_CASE("pool_key_value_heads averages each group's heads (Ainslie et al. 2023, section 2.1)") {
  const Matrix W = random_matrix(3, 8, 4);  // 4 heads of width 2
  const Matrix pooled = pool_key_value_heads(W, 4, 2);
  REQUIRE(pooled.cols() == 4);
  REQUIRE((pooled.middleCols(0, 2) - (W.middleCols(0, 2) + W.middleCols(2, 2)) / 2).cwiseAbs().maxCoeff() < 1e-15);
  REQUIRE((pooled.middleCols(2, 2) - (W.middleCols(4, 2) + W.middleCols(6, 2)) / 2).cwiseAbs().maxCoeff() < 1e-15);
  REQUIRE((pool_key_value_heads(W, 4, 4) - W).cwiseAbs().maxCoeff() == 0.0);
  REQUIRE((pool_key_value_heads(W, 4, 1) - (W.middleCols(0, 2) + W.middleCols(2, 2) + W.middleCols(4, 2) +
                                             W.middleCols(6, 2)) / 4).cwiseAbs().maxCoeff() < 1e-15);
}

TEST_CASE("grouped-query attention refuses g not dividing h, and projections of the wrong shape") {
  const Matrix X = random_matrix(4, 8, 5);
  REQUIRE_THROWS_WITH(grouped_query_attention(X, random_gqa(8, 4, 3, 2, 1), 4, 3), Catch::Contains("kv_heads (3) must divide heads (4)"));
  REQUIRE_THROWS_WITH(grouped_query_attention(X, random_gqa(8, 4, 2, 2, 1), 4, 0), Catch::Contains("kv_heads"));
  REQUIRE_THROWS_WITH(grouped_query_attention(X, random_gqa(8, 4, 2, 2, 1), 4, 5), Catch::Contains("kv_heads"));
  REQUIRE_THROWS_WITH(grouped_query_attention(X, random_gqa(8, 4, 4, 2, 1), 4, 2), Catch::Contains("W_K"));
  GroupedQueryProjections bad = random_gqa(8, 4, 2, 2, 1);
  bad.Wo = random_matrix(8, 7, 1);
  REQUIRE_THROWS_WITH(grouped_query_attention(X, bad, 4, 2), Catch::Contains("W_O"));
  REQUIRE_THROWS_WITH(pool_key_value_heads(random_matrix(2, 6, 1), 4, 2), Catch::Contains("multiple of heads"));
}
