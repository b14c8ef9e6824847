#include "atlas/lessons/attention_costs.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {
namespace {

void require_ns(const std::vector<int>& ns) {
  if (ns.empty() || ns.size() > static_cast<std::size_t>(kMaxCostLengths)) {
    throw ArgumentError("ns", "ns must hold 1 to " + std::to_string(kMaxCostLengths) +
                                  " sequence lengths; got " + std::to_string(ns.size()));
  }
  for (int n : ns) require_in_range(n, 1, kMaxCostN, "ns");
}

}  // namespace

AttentionMemory attention_memory(const std::vector<int>& ns, int d, int block_rows, int block_cols) {
  require_ns(ns);
  require_in_range(d, 1, kMaxModel, "d");
  require_in_range(block_rows, 1, kMaxSequence, "blockRows");
  require_in_range(block_cols, 1, kMaxSequence, "blockCols");
  const auto count = static_cast<Eigen::Index>(ns.size());
  AttentionMemory out{Vector(count), Vector(count), Vector(count)};
  const double bytes = sizeof(double);
  for (Eigen::Index k = 0; k < count; ++k) {
    const double n = ns[k];
    out.inputs(k) = bytes * 4.0 * n * d;
    out.standard(k) = bytes * (2.0 * n * n + n);
    out.tiled(k) = bytes * (std::min<double>(block_rows, n) * std::min<double>(block_cols, n) + 2.0 * n);
  }
  return out;
}

AttentionIo attention_io(const std::vector<int>& ns, int d, long M) {
  require_ns(ns);
  require_in_range(d, 1, kMaxModel, "d");
  if (M < 1 || M > kMaxFastMemory) {
    throw ArgumentError("M", "M must be from 1 to " + std::to_string(kMaxFastMemory) + " numbers; got " +
                                 std::to_string(M));
  }
  AttentionIo out;
  const long four_d = 4L * d;
  out.block_cols = static_cast<int>((M + four_d - 1) / four_d);  // ceil(M / 4d)
  out.block_rows = std::min(out.block_cols, d);
  const auto count = static_cast<Eigen::Index>(ns.size());
  out.standard = Vector(count);
  out.tiled = Vector(count);
  for (Eigen::Index k = 0; k < count; ++k) {
    const double N = ns[k];
    const double Tc = static_cast<double>((ns[k] + out.block_cols - 1) / out.block_cols);
    out.standard(k) = 4.0 * N * d + 4.0 * N * N;
    out.tiled(k) = 3.0 * N * d + 2.0 * N + Tc * N * (3.0 * d + 4.0);
    out.in_range.push_back(d <= M && M <= static_cast<long>(ns[k]) * d);
  }
  return out;
}

}  // namespace atlas
