#include "atlas/attention/kv_cache.hpp"

#include <stdexcept>

#include "helpers.hpp"

using atlas::KvCacheShape;
using atlas::kv_cache_size;

TEST_CASE("kv_cache_size is 2 x layers x g x head size x context x batch x bytes") {
  KvCacheShape s;
  s.layers = 80; s.heads = 64; s.kv_heads = 8; s.head_size = 128; s.context = 4096; s.batch = 1;
  s.bytes_per_number = 2.0;
  const atlas::KvCacheSize r = kv_cache_size(s);
  REQUIRE(r.bytes == 1342177280.0);       // 2 * 80 * 8 * 128 * 4096 * 2 = 1.25 * 2^30
  REQUIRE(r.bytes_per_token == 327680.0);  // 2 * 80 * 8 * 128 * 2 = 320 KiB
  REQUIRE(r.multi_head_bytes == 8.0 * r.bytes);
  s.batch = 3; s.bytes_per_number = 0.5;
  REQUIRE(kv_cache_size(s).bytes == 1342177280.0 * 3 / 4);
}

TEST_CASE("kv_cache_size lists every g dividing h, linear in g, multi-head at g = h") {
  KvCacheShape s;
  s.layers = 2; s.heads = 12; s.kv_heads = 3; s.head_size = 4; s.context = 10; s.batch = 1; s.bytes_per_number = 4;
  const atlas::KvCacheSize r = kv_cache_size(s);
  REQUIRE(r.kv_choices == std::vector<int>{1, 2, 3, 4, 6, 12});
  for (std::size_t i = 0; i < r.kv_choices.size(); ++i) {
    REQUIRE(r.bytes_by_choice[i] == 2.0 * 2 * r.kv_choices[i] * 4 * 10 * 4);
  }
  REQUIRE(r.bytes_by_choice.back() == r.multi_head_bytes);
  REQUIRE(r.bytes_by_choice[2] == r.bytes);
}

TEST_CASE("kv_cache_size names the field it refuses") {
  KvCacheShape s;
  s.heads = 8; s.kv_heads = 3;
  REQUIRE_THROWS_WITH(kv_cache_size(s), Catch::Contains("kv_heads (3) must divide heads (8)"));
  s.kv_heads = 2; s.layers = 0;
  REQUIRE_THROWS_WITH(kv_cache_size(s), Catch::Contains("layers"));
  s.layers = 1; s.bytes_per_number = 0.0;
  REQUIRE_THROWS_WITH(kv_cache_size(s), Catch::Contains("bytes_per_number"));
  s.bytes_per_number = 2; s.context = 0;
  REQUIRE_THROWS_WITH(kv_cache_size(s), Catch::Contains("context"));
}
