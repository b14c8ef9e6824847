// The size of a KV cache: while a decoder generates, every layer keeps the key
// and the value of every earlier token for each key/value head, so the next
// token's queries need not recompute them.
//
//   bytes = 2 (K and V) x layers x kv_heads x head_size x context x batch x bytes_per_number
//
// kv_heads is g of grouped-query attention (grouped_query.hpp): h for
// multi-head attention, 1 for multi-query. Each generated token at the end of
// a full context reads its sequence's whole cache, bytes / batch, from memory:
// with g < h that read shrinks by h / g (Shazeer 2019; Ainslie et al. 2023).
// A fraction of a byte per number (0.5 for 4-bit numbers) is allowed.
// Non-goals: paging, quantisation scales, sliding-window (rolling) caches.
#pragma once

#include <vector>

namespace atlas {

struct KvCacheShape {
  int layers = 1;
  int heads = 1;     // h, query heads (for the multi-head comparison)
  int kv_heads = 1;  // g, must divide heads
  int head_size = 64;
  int context = 1;   // tokens kept per sequence
  int batch = 1;     // sequences
  double bytes_per_number = 2.0;  // 4 float32, 2 float16/bfloat16, 1 int8, 0.5 4-bit
};

struct KvCacheSize {
  double bytes = 0.0;            // the whole cache
  double bytes_per_token = 0.0;  // one token of one sequence, all layers
  double multi_head_bytes = 0.0; // the same shape with kv_heads = heads
  std::vector<int> kv_choices;   // every g that divides heads, ascending
  std::vector<double> bytes_by_choice;  // bytes for each of them
};

// Throws std::invalid_argument naming the field (layers 1..1000, heads
// 1..1024, kv_heads 1..heads dividing heads, head_size 1..4096, context
// 1..10,000,000, batch 1..100,000, bytes_per_number 0.125..8).
KvCacheSize kv_cache_size(const KvCacheShape& shape);

}  // namespace atlas
