// Fuzzes the builders of sections 4, 10 and 12: layer_evolution, attention
// rollout (layers.hpp, rollout.hpp), positional_encoding and
// position_similarity (positional.hpp, position_similarity.hpp). Rollout gets
// stacks of layers that are probability rows (fuzzed scores through
// masked_softmax), raw fuzzed matrices, or ones of the wrong size.
// Invariants on every accepted input: layers and rollouts have rows summing
// to 1 with finite entries in [0, 1]; layer statistics are finite, the mean
// entropy at most ln n; encodings lie in [-1, 1]; the similarity is symmetric
// with d/2 on the diagonal (for even d) and matches the requested rows.
#include <algorithm>
#include <cmath>
#include <vector>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/positional.hpp"
#include "atlas/attention/rollout.hpp"
#include "atlas/lessons/layers.hpp"
#include "atlas/lessons/position_similarity.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using atlas::Matrix;
using namespace atlas::fuzz;

void evolution(FuzzedDataProvider& in) {
  const int n = atlas::fuzz::size(in, 1, 20, atlas::kMaxWords);
  const atlas::LayerEvolution r =
      atlas::layer_evolution(n, in.ConsumeIntegral<std::uint64_t>(), number_in(in, 0.0, 3.0));
  for (const Matrix& w : r.layers) require_distribution_rows(w, "layer rows");
  require_finite(r.mean_distance, "layer mean distance");
  check((r.mean_entropy.array() <= r.max_entropy + 1e-9).all(), "mean entropy <= ln n");
}

Matrix layer(FuzzedDataProvider& in, int n) {
  switch (in.ConsumeIntegralInRange(0, 15)) {
    case 0: return matrix(in, n, n);
    case 1: return matrix(in, shape(in, n), shape(in, n));
    default:  // a valid layer: softmax of bounded scores
      return atlas::masked_softmax(matrix(in, n, n).unaryExpr(
          [](double x) { return std::isfinite(x) ? std::clamp(x, -50.0, 50.0) : 0.0; }));
  }
}

void rollout(FuzzedDataProvider& in) {
  const int n = in.ConsumeIntegralInRange(1, 10);
  std::vector<Matrix> layers(in.ConsumeIntegralInRange(0, 66));
  for (Matrix& w : layers) w = layer(in, n);
  const std::vector<Matrix> r = atlas::attention_rollout(layers, number_in(in, 0.0, 1.0));
  check(r.size() == layers.size(), "one rollout per layer");
  for (const Matrix& w : r) require_distribution_rows(w, "rollout rows");
}

// Up to kMaxSeries + 1 indices, valid ones in 0..limit - 1 (limit itself may be invalid).
std::vector<int> indices(FuzzedDataProvider& in, int limit) {
  const int top = std::max(limit, 1) - 1;
  std::vector<int> out(in.ConsumeIntegralInRange(0, atlas::kMaxSeries + 1));
  for (int& k : out) k = atlas::fuzz::size(in, 0, top, top);
  return out;
}

void similarity(FuzzedDataProvider& in) {
  const int n = atlas::fuzz::size(in, 1, 40, atlas::kMaxSequence);
  const int d = atlas::fuzz::size(in, 1, 40, atlas::kMaxModel);
  const std::vector<int> dims = indices(in, d), positions = indices(in, n);
  const atlas::PositionSimilarity r = atlas::position_similarity(n, d, dims, positions);
  check(r.encoding == atlas::positional_encoding(n, d), "the encoding is positional_encoding(n, d)");
  check((r.encoding.array().abs() <= 1.0).all(), "encoding entries in [-1, 1]");
  check(r.similarity.isApprox(r.similarity.transpose(), 1e-12), "similarity is symmetric");
  if (d % 2 == 0) {
    check((r.similarity.diagonal().array() - d / 2.0).abs().maxCoeff() < 1e-9, "S(p, p) = d / 2");
  }
  for (std::size_t k = 0; k < positions.size(); ++k) {
    check(r.rows.row(k) == r.similarity.row(positions[k]), "rows are the requested similarity rows");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange(0, 2)) {
    case 0: expect_ok_or_invalid([&] { evolution(in); }); break;
    case 1: expect_ok_or_invalid([&] { rollout(in); }); break;
    default: expect_ok_or_invalid([&] { similarity(in); }); break;
  }
  return 0;
}
