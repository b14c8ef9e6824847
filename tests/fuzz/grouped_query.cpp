// Fuzzes section 15's shared keys and values: grouped_query_attention,
// pool_key_value_heads (grouped_query.hpp) and kv_cache_size (kv_cache.hpp) on
// fuzzed head counts, shapes, values and masks. Invariants on top of the sanitizers:
//   kv_heads must divide heads, and every other shape must agree (else invalid_argument);
//   query head j reads key/value head j / (h / g); every head's weights are
//   rows of a distribution (or zero rows where the mask blocks a whole row);
//   the output is finite and n x d_model; with g key/value heads whose projections are all the
//   same, grouped-query attention gives what multi-query attention (g = 1) gives;
//   pooling g = h heads changes nothing, and a pooled head is its group's mean;
//   the cache size is 2 layers g head_size context batch bytes, accepted exactly
//   in its documented ranges, with the multi-head size h / g times larger.
#include <algorithm>
#include <cmath>
#include <optional>

#include "atlas/attention/grouped_query.hpp"
#include "atlas/attention/kv_cache.hpp"
#include "atlas/attention/limits.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using atlas::Matrix;
using namespace atlas::fuzz;

// Entries in -2..2 (modest: products stay far from overflow), or anything number() gives.
Matrix values(FuzzedDataProvider& in, bool modest, Eigen::Index rows, Eigen::Index cols) {
  if (!modest) return matrix(in, static_cast<int>(rows), static_cast<int>(cols));
  Matrix m(rows, cols);
  for (Eigen::Index k = 0; k < m.size(); ++k) m.data()[k] = in.ConsumeFloatingPointInRange(-2.0, 2.0);
  return m;
}

bool close(const Matrix& a, const Matrix& b, double tol) {
  return a.rows() == b.rows() && a.cols() == b.cols() && ((a - b).cwiseAbs().array() <= tol).all();
}

void grouped(FuzzedDataProvider& in) {
  const int heads = size(in, 1, 6, atlas::kMaxModel), kv_heads = size(in, 1, 6, atlas::kMaxModel);
  const int n = in.ConsumeIntegralInRange(0, 6), d = in.ConsumeIntegralInRange(1, 6);
  const int d_k = in.ConsumeIntegralInRange(1, 3);
  const int h = std::max(1, std::min(heads, 6)), g = std::max(1, std::min(kv_heads, 6));
  const bool modest = in.ConsumeBool();
  const Matrix X = values(in, modest, n, d);
  atlas::GroupedQueryProjections p{values(in, modest, d, shape(in, h * d_k)), values(in, modest, d, g * d_k),
                                   values(in, modest, d, g * d_k), values(in, modest, h * d_k, d)};
  std::optional<Matrix> mask;
  if (in.ConsumeBool()) mask = atlas::fuzz::mask(in, shape(in, n), shape(in, n));
  const bool shared = modest && in.ConsumeBool();  // every key/value head the same: multi-query in disguise
  if (shared) {
    p.Wk = p.Wk.leftCols(d_k).replicate(1, g).eval();
    p.Wv = p.Wv.leftCols(d_k).replicate(1, g).eval();
  }
  expect_ok_or_invalid([&] {
    const atlas::GroupedQueryResult r = atlas::grouped_query_attention(X, p, heads, kv_heads, mask);
    check(heads % kv_heads == 0, "kv_heads divides heads when accepted");
    check(static_cast<int>(r.heads.size()) == heads && static_cast<int>(r.K.size()) == kv_heads,
          "h query heads, g key/value heads");
    for (int j = 0; j < heads; ++j) {
      check(r.group[j] == j / (heads / kv_heads), "query head j reads key/value head j / (h / g)");
      require_distribution_rows(r.heads[j].weights, "head weights", true);
    }
    require_finite(r.output, "output finite");
    check(r.output.rows() == n && r.output.cols() == d, "output is n x d_model");
    if (!shared) return;
    atlas::GroupedQueryProjections one{p.Wq, p.Wk.leftCols(d_k), p.Wv.leftCols(d_k), p.Wo};
    const atlas::GroupedQueryResult mqa = atlas::grouped_query_attention(X, one, heads, 1, mask);
    const double scale = 1.0 + r.concat.cwiseAbs().maxCoeff() * p.Wo.cwiseAbs().maxCoeff() * r.concat.cols();
    check(close(r.output, mqa.output, 1e-9 * scale), "identical key/value heads give multi-query attention");
  });
}

void pool(FuzzedDataProvider& in) {
  const int heads = size(in, 1, 6, atlas::kMaxModel), kv_heads = size(in, 1, 6, atlas::kMaxModel);
  const int d_k = in.ConsumeIntegralInRange(1, 3), rows = in.ConsumeIntegralInRange(0, 5);
  const bool modest = in.ConsumeBool();
  const Matrix W = values(in, modest, rows, shape(in, std::max(1, std::min(heads, 6)) * d_k));
  expect_ok_or_invalid([&] {
    const Matrix pooled = atlas::pool_key_value_heads(W, heads, kv_heads);
    const int per = heads / kv_heads, width = static_cast<int>(W.cols()) / heads;
    check(pooled.rows() == W.rows() && pooled.cols() == static_cast<Eigen::Index>(kv_heads) * width,
          "pooled is d_model x g d_k");
    if (kv_heads == heads) check(pooled == W, "pooling every head alone changes nothing");
    if (!modest) return;
    for (int k = 0; k < kv_heads; ++k) {
      Matrix mean = Matrix::Zero(W.rows(), width);
      for (int j = k * per; j < (k + 1) * per; ++j) mean += W.middleCols(static_cast<Eigen::Index>(j) * width, width);
      mean /= per;
      check(close(pooled.middleCols(static_cast<Eigen::Index>(k) * width, width), mean, 1e-12),
            "a pooled head is the mean of its group");
    }
  });
}

void cache(FuzzedDataProvider& in) {
  atlas::KvCacheShape s;
  s.layers = size(in, 1, 100, 1000);
  s.heads = size(in, 1, 64, 1024);
  s.kv_heads = in.ConsumeIntegralInRange(0, 3) ? std::max(1, s.heads / std::max(1, in.ConsumeIntegralInRange(1, 8)))
                                               : size(in, 1, 64, 1024);
  s.head_size = size(in, 1, 256, 4096);
  s.context = size(in, 1, 1 << 16, 10000000);
  s.batch = size(in, 1, 64, 100000);
  s.bytes_per_number = number_in(in, 0.125, 8.0);
  const bool valid = s.layers >= 1 && s.layers <= 1000 && s.heads >= 1 && s.heads <= 1024 && s.kv_heads >= 1 &&
                     s.kv_heads <= s.heads && s.heads % s.kv_heads == 0 && s.head_size >= 1 &&
                     s.head_size <= 4096 && s.context >= 1 && s.context <= 10000000 && s.batch >= 1 &&
                     s.batch <= 100000 && std::isfinite(s.bytes_per_number) && s.bytes_per_number >= 0.125 &&
                     s.bytes_per_number <= 8.0;
  const bool ok = expect_ok_or_invalid([&] {
    const atlas::KvCacheSize r = atlas::kv_cache_size(s);
    const double expected = 2.0 * s.layers * s.kv_heads * s.head_size * static_cast<double>(s.context) * s.batch *
                            s.bytes_per_number;
    check(std::isfinite(r.bytes) && std::abs(r.bytes - expected) <= 1e-12 * expected, "bytes = 2 L g d_h T B b");
    check(std::abs(r.multi_head_bytes - r.bytes * s.heads / s.kv_heads) <= 1e-12 * r.multi_head_bytes,
          "multi-head attention keeps h / g times as much");
    check(std::abs(r.bytes_per_token * s.context * s.batch - r.bytes) <= 1e-12 * r.bytes, "bytes per token");
    check(!r.kv_choices.empty() && r.kv_choices.front() == 1 && r.kv_choices.back() == s.heads,
          "the choices run from multi-query to multi-head");
    for (std::size_t k = 0; k < r.kv_choices.size(); ++k) {
      check(s.heads % r.kv_choices[k] == 0 && (k == 0 || r.kv_choices[k] > r.kv_choices[k - 1]),
            "the choices are the divisors of h, ascending");
      if (r.kv_choices[k] == s.kv_heads) check(r.bytes_by_choice[k] == r.bytes, "the chosen g's bar is the cache");
    }
  });
  check(ok == valid, "kv_cache_size accepts exactly its documented ranges");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange(0, 2)) {
    case 0: grouped(in); break;
    case 1: pool(in); break;
    default: cache(in); break;
  }
  return 0;
}
