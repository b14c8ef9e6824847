// Multi-head causal self-attention (Vaswani et al. 2017, sec. 3.2.1-3.2.2),
// forward and backward: the operation the whole project is about.
//
// n queries against t >= n keys: query i sits at position t - n + i and may
// attend to keys 0 .. t - n + i. Training and the figures use n = t (every
// position at once); a decoding step with a KV cache (kv_cache.hpp) uses
// n = 1 against the t keys and values cached so far.
//   query (n x D), key and value (t x D); head h uses columns h*K .. h*K+K-1,
//   K = D / H its width
//   weights[h] (n x t) = softmax(query_h key_h^T / sqrt(K) + blocked)   rows are queries
//   out (n x D)        = concat_h weights[h] value_h                     (zero columns if ablated)
// Dividing by sqrt(K) keeps the scores near unit variance whatever K is (sec. 3.2.1).
// Blocked keys are the causal ones after a query's position and, optionally,
// those an extra mask (n x t, 1 = blocked) names: a blocked key is never
// exponentiated, so its weight is exactly 0, not merely small. The extra mask
// must leave every query at least one key.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "atlas/attention/matrix.hpp"
#include "atlas/model/operations.hpp"
#include "atlas/model/tensors.hpp"

namespace atlas::model {

namespace detail {

// Row-wise softmax of scores (n x t) over the open keys, in place. Subtracting
// the row's maximum before exp keeps exp <= 1 (no overflow at any scale).
template <typename S>
void masked_softmax_rows(RowMatrix<S>& scores, const Matrix* extra_blocked) {
  const Eigen::Index n = scores.rows(), t = scores.cols();
  for (Eigen::Index i = 0; i < n; ++i) {
    const Eigen::Index last = t - n + i;  // the query's own position
    auto open = [&](Eigen::Index j) { return j <= last && (!extra_blocked || (*extra_blocked)(i, j) == 0.0); };
    S top = -std::numeric_limits<S>::infinity();
    for (Eigen::Index j = 0; j < t; ++j)
      if (open(j)) top = std::max(top, scores(i, j));
    S sum = 0;
    for (Eigen::Index j = 0; j < t; ++j) sum += (scores(i, j) = open(j) ? std::exp(scores(i, j) - top) : S(0));
    scores.row(i) /= sum;
  }
}

}  // namespace detail

// S as written, so a parameter naming it does not take part in deducing it (std::type_identity, C++20).
template <typename S>
struct Same {
  using type = S;
};

// -> out (n x D); fills weights with H matrices (n x t). ablated: H flags, or empty.
// key and value (t x D): any row-major block (a KV cache's first t rows) binds without a copy.
template <typename S>
RowMatrix<S> attention_forward(const RowMatrix<S>& query, const Eigen::Ref<const RowMatrix<typename Same<S>::type>>& key,
                               const Eigen::Ref<const RowMatrix<typename Same<S>::type>>& value, int heads,
                               const std::vector<char>& ablated, const Matrix* extra_blocked, std::vector<RowMatrix<S>>& weights) {
  const int head_width = static_cast<int>(query.cols()) / heads;
  const S scale = S(1) / std::sqrt(S(head_width));
  RowMatrix<S> out = RowMatrix<S>::Zero(query.rows(), query.cols());
  weights.resize(static_cast<std::size_t>(heads));
  for (int h = 0; h < heads; ++h) {
    const int first = h * head_width;
    RowMatrix<S>& head_weights = weights[static_cast<std::size_t>(h)];
    const bool used = ablated.empty() || !ablated[static_cast<std::size_t>(h)];
    if constexpr (std::is_same_v<S, float>) {
      // One float query (a decoding step) by 4-float vectors: Eigen's matrix-vector
      // products have no WebAssembly SIMD kernel and ran one number at a time.
      if (query.rows() == 1) {
        head_weights.resize(1, key.rows());
        row_dots(query.data() + first, head_width, key.data() + first, key.outerStride(), key.rows(), head_weights.data());
        head_weights *= scale;
        detail::masked_softmax_rows(head_weights, extra_blocked);
        if (used) row_product(head_weights.data(), 1, key.rows(), value.data() + first, value.outerStride(), head_width, out.data() + first);
        continue;
      }
    }
    head_weights = (query.middleCols(first, head_width) * key.middleCols(first, head_width).transpose()) * scale;
    detail::masked_softmax_rows(head_weights, extra_blocked);
    if (used) out.middleCols(first, head_width) = head_weights * value.middleCols(first, head_width);
  }
  return out;
}

// dout (n x D), for n = t (training) -> the gradients of query, key and value (n x D).
template <typename S>
void attention_backward(const RowMatrix<S>& dout, const RowMatrix<S>& query, const RowMatrix<S>& key, const RowMatrix<S>& value,
                        const std::vector<RowMatrix<S>>& weights, const std::vector<char>& ablated, RowMatrix<S>& dquery,
                        RowMatrix<S>& dkey, RowMatrix<S>& dvalue) {
  const int heads = static_cast<int>(weights.size());
  const int head_width = static_cast<int>(query.cols()) / heads;
  const S scale = S(1) / std::sqrt(S(head_width));
  dquery = RowMatrix<S>::Zero(query.rows(), query.cols());
  dkey = RowMatrix<S>::Zero(key.rows(), key.cols());
  dvalue = RowMatrix<S>::Zero(value.rows(), value.cols());
  for (int h = 0; h < heads; ++h) {
    if (!ablated.empty() && ablated[static_cast<std::size_t>(h)]) continue;  // its output was zero: no gradient flows through it
    const int first = h * head_width;
    const RowMatrix<S>& head_weights = weights[static_cast<std::size_t>(h)];
    const auto dout_head = dout.middleCols(first, head_width);
    dvalue.middleCols(first, head_width).noalias() += head_weights.transpose() * dout_head;
    RowMatrix<S> dscores = dout_head * value.middleCols(first, head_width).transpose();
    // Softmax backward, row by row: dscores = weights o (dweights - <weights, dweights>).
    // Blocked keys have weight 0, so their dscores is 0 and nothing leaks from the future.
    for (Eigen::Index i = 0; i < dscores.rows(); ++i) {
      const S dot = head_weights.row(i).dot(dscores.row(i));
      dscores.row(i) = head_weights.row(i).cwiseProduct((dscores.row(i).array() - dot).matrix());
    }
    dquery.middleCols(first, head_width).noalias() += (dscores * key.middleCols(first, head_width)) * scale;
    dkey.middleCols(first, head_width).noalias() += (dscores.transpose() * query.middleCols(first, head_width)) * scale;
  }
}

}  // namespace atlas::model
