// Grouped-query attention (Ainslie et al. 2023, "GQA", section 2.2), with
// multi-query attention (Shazeer 2019) and multi-head attention as its ends.
//
// h query heads share g key/value heads: query head j uses K and V head
// group(j) = j / (h / g), so each group of h / g consecutive query heads reads
// the same keys and values. g = h is multi-head attention (Vaswani et al. 2017,
// section 3.2.2); g = 1 is multi-query attention, one K and one V for all heads.
//
//   Q_j = X Wq^j   (n x d_k)    j = 0 .. h-1
//   K_k = X Wk^k,  V_k = X Wv^k (n x d_k)    k = 0 .. g-1
//   head_j = attention(Q_j, K_group(j), V_group(j))
//   output = [head_0 | ... | head_{h-1}] Wo
//
// Shapes: X (n x d_model); Wq (d_model x h d_k), Wk and Wv (d_model x g d_k),
// Wo (h d_k x d_model); head j takes columns j d_k .. (j+1) d_k - 1 of Wq (and
// of Wk, Wv for its group), as multi_head.hpp does. Only the g key and value
// heads are cached while generating, so the cache shrinks by h / g
// (kv_cache.hpp); the heads of one group differ only through their queries.
//
// pool_key_value_heads(W, h, g): Ainslie et al.'s conversion of a multi-head
// checkpoint (section 2.1): each group's key (or value) projection is the mean
// of its h / g heads' projections. W (d_model x h d_k) -> (d_model x g d_k).
// Non-goals: batching, the KV cache itself (section 16's model keeps one), training.
#pragma once

#include <optional>
#include <vector>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/matrix.hpp"

namespace atlas {

struct GroupedQueryProjections {
  Matrix Wq;      // (d_model x h d_k)
  Matrix Wk, Wv;  // (d_model x g d_k)
  Matrix Wo;      // (h d_k x d_model)
};

struct GroupedQueryResult {
  int d_k = 0;
  std::vector<int> group;                // (h) the key/value head each query head reads
  std::vector<Matrix> Q;                 // (h x n x d_k)
  std::vector<Matrix> K, V;              // (g x n x d_k): what a cache would hold
  std::vector<AttentionResult> heads;    // (h): weights (n x n), output (n x d_k)
  Matrix concat;                         // (n x h d_k)
  Matrix output;                         // (n x d_model) = concat Wo
};

// Throws std::invalid_argument naming the argument when heads or kv_heads is
// below 1, kv_heads does not divide heads, d_k = Wq.cols() / heads is not a
// whole number, a projection's shape does not match, or X, a projection or the
// mask is invalid (see attention.hpp).
GroupedQueryResult grouped_query_attention(const Matrix& X, const GroupedQueryProjections& p,
                                           int heads, int kv_heads,
                                           const std::optional<Matrix>& mask = std::nullopt);

// W (d_model x heads d_k) -> (d_model x kv_heads d_k). Throws as above for
// heads, kv_heads and a width that is not heads * d_k.
Matrix pool_key_value_heads(const Matrix& W, int heads, int kv_heads);

}  // namespace atlas
