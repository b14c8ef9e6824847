// Section 15's patterns in one call: h query heads over g key/value heads
// (attention/grouped_query.hpp) on a learner's sentence.
//
//   X = embed_words(words, d_model, seed)                       (n x d_model)
//   W_Q, W_K, W_V, W_O = random_projections(d_model, seed)       the multi-head weights of section 3
//   W_K^g = pool_key_value_heads(W_K, h, g), likewise W_V        Ainslie et al.'s mean-pooling (section 2.1)
//   grouped_query_attention(X, {W_Q, W_K^g, W_V^g, W_O}, h, g)
//
// So g = h reproduces section 3's heads for the same seed and sentence, and a
// smaller g pools the key and value heads of each group into one: the queries
// never change, and heads of a group read the same keys (their patterns differ
// only through their queries). d_k = d_model / h.
// Random weights (not a trained checkpoint): the figure says so.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/attention/grouped_query.hpp"

namespace atlas {

struct GroupedQueryLessonOptions {
  int d_model = 16;  // 1..kMaxModel, a multiple of heads
  int heads = 4;     // h, 1..16
  int kv_heads = 2;  // g, divides heads
  std::uint64_t seed = 1;
  bool causal = false;
};

// Throws std::invalid_argument naming the option (heads, kv_heads, d_model)
// or the words (see embedding.hpp).
GroupedQueryResult grouped_query_lesson(const std::vector<std::string>& words,
                                        const GroupedQueryLessonOptions& options);

}  // namespace atlas
