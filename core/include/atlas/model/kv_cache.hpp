// Decoding with a KV cache: the model's inference forward pass, which keeps
// every layer's keys and values so that each new token costs one row of work
// instead of the whole sequence again (incremental decoding, Shazeer 2019,
// sec. 2.4; the name "KV cache" and its memory cost: Pope et al. 2022).
//
// Why it is exact: causal attention never lets a position see a later one
// (Vaswani et al. 2017, sec. 3.2.3), so the keys and values of positions
// 0..t-1 are the same at every later step. Computing them once and appending
// each new token's row changes no number except by float rounding (the
// products run over matrices of other sizes, so their sums round differently).
//
// extend(model, tokens, cache) runs m new tokens at positions t..t+m-1 against
// the t cached ones, appends their keys and values (every layer), and returns
//   logits (m x V)                        each new position's next-token scores
//   attention[layer][head] (m x (t + m))  each new query's weights over all keys
//   multiply_adds                         the multiply-adds of its matrix products
// On an empty cache with all n tokens, it recomputes the whole sequence, as a
// model without a cache must at every step; one token on a filled cache is a
// cached decoding step. Multiply-adds count the matrix products (below);
// elementwise work (LayerNorm, softmax, GELU) grows like the products' row
// count and is left out.
#pragma once

#include <cstdint>
#include <vector>

#include "atlas/model/transformer.hpp"

namespace atlas::model {

// Per layer (T x D, the whole context, allocated by the first extend): row j is position j's key
// or value for j < length(); later rows are room for the next tokens, written in place (growing
// the matrices a row a step copied the whole cache every step: quadratic in the length).
struct KVCache {
  std::vector<RowMatrix<float>> keys, values;
  int filled = 0;
  int length() const { return filled; }
};

struct Extension {
  RowMatrix<float> logits;
  std::vector<std::vector<RowMatrix<float>>> attention;
  std::int64_t multiply_adds = 0;
};

// Throws std::invalid_argument unless 1 <= m, t + m <= T and every token is in 0..V-1.
Extension extend(const Transformer<float>& model, const std::vector<int>& tokens, KVCache& cache);

// The multiply-adds of extend()'s products for m new tokens when the sequence
// then holds t (1 <= m <= t), from the sizes of the matrices it multiplies:
// per layer 3 m D^2 (q, k, v), m t D (q k^T, every head), m t K per head not
// ablated (weights times values), m D^2 (output projection), 2 m D F (MLP);
// then m D V (logits). Recomputing all t positions is m = t; a cached step, m = 1.
std::int64_t multiply_adds(const Transformer<float>& model, int new_tokens, int length);

}  // namespace atlas::model
