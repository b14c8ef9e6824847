// Fuzzes attention() and masked_softmax() with shapes, values and masks from
// the fuzzer's bytes (attention.hpp). Invariants on every accepted input:
//   weights (n x m) finite in [0, 1]; row r sums to 1, or is all zero exactly
//   when the mask blocks the whole row; blocked entries are exactly 0;
//   row_sums matches; output (n x d_v) and scores finite; entropy() accepts
//   the weights and gives 0 .. ln m per row.
#include <cmath>
#include <optional>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/entropy.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using atlas::Matrix;
using namespace atlas::fuzz;

void check_weights(const Matrix& weights, const std::optional<Matrix>& mask) {
  require_distribution_rows(weights, "weights rows sum to 1 or are all zero", true);
  for (Eigen::Index r = 0; r < weights.rows(); ++r) {
    const bool blocked_row = mask && (mask->row(r).array() == 1.0).all();
    check(blocked_row == (weights.row(r).array() == 0.0).all(), "a row is zero exactly when fully blocked");
    if (mask) check((mask->row(r).array() == 0.0 || weights.row(r).array() == 0.0).all(), "blocked weight is 0");
  }
  const atlas::Vector h = atlas::entropy(weights);
  check((h.array() >= -1e-12).all() && (h.array() <= std::log(weights.cols()) + 1e-9).all(),
        "entropy of attention weights in 0 .. ln m");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const int n = in.ConsumeIntegralInRange(0, 9), m = in.ConsumeIntegralInRange(0, 9);
  const int dk = in.ConsumeIntegralInRange(0, 9), dv = in.ConsumeIntegralInRange(0, 9);
  std::optional<Matrix> mask;
  if (in.ConsumeBool()) mask = atlas::fuzz::mask(in, shape(in, n), shape(in, m));

  if (in.ConsumeBool()) {
    const Matrix scores = matrix(in, n, m);
    expect_ok_or_invalid([&] { check_weights(atlas::masked_softmax(scores, mask), mask); });
    return 0;
  }
  const Matrix Q = matrix(in, n, dk);
  const Matrix K = matrix(in, m, shape(in, dk));
  const Matrix V = matrix(in, shape(in, m), dv);
  expect_ok_or_invalid([&] {
    const atlas::AttentionResult r = atlas::attention(Q, K, V, mask);
    check(r.weights.rows() == n && r.weights.cols() == m, "weights are n x m");
    check(r.output.rows() == n && r.output.cols() == dv, "output is n x d_v");
    require_finite(r.scores, "scores finite");
    require_finite(r.output, "output finite");
    check_weights(r.weights, mask);
    check(((r.row_sums - r.weights.rowwise().sum()).array().abs() <= 1e-12).all(), "row_sums match");
  });
  return 0;
}
