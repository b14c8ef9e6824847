#include "atlas/attention/kv_cache.hpp"

#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"

namespace atlas {
namespace {

// In double: 2 x 1000 x 1024 x 4096 x 1e7 x 1e5 x 8 is about 7e22, far past
// 64-bit integers but exact enough in double (the figure shows 3 digits).
double cache_bytes(const KvCacheShape& s, int kv_heads) {
  return 2.0 * s.layers * kv_heads * static_cast<double>(s.head_size) * s.context * s.batch *
         s.bytes_per_number;
}

}  // namespace

KvCacheSize kv_cache_size(const KvCacheShape& s) {
  require_in_range(s.layers, 1, 1000, "layers");
  require_in_range(s.heads, 1, 1024, "heads");
  require_in_range(s.kv_heads, 1, s.heads, "kv_heads");
  if (s.heads % s.kv_heads != 0) {
    throw std::invalid_argument("kv_heads (" + std::to_string(s.kv_heads) + ") must divide heads (" +
                                std::to_string(s.heads) + ")");
  }
  require_in_range(s.head_size, 1, 4096, "head_size");
  require_in_range(s.context, 1, 10000000, "context");
  require_in_range(s.batch, 1, 100000, "batch");
  require_in_range(s.bytes_per_number, 0.125, 8.0, "bytes_per_number");

  KvCacheSize out;
  out.bytes = cache_bytes(s, s.kv_heads);
  out.bytes_per_token = out.bytes / (static_cast<double>(s.context) * s.batch);
  out.multi_head_bytes = cache_bytes(s, s.heads);
  for (int g = 1; g <= s.heads; ++g) {
    if (s.heads % g != 0) continue;
    out.kv_choices.push_back(g);
    out.bytes_by_choice.push_back(cache_bytes(s, g));
  }
  return out;
}

}  // namespace atlas
