// Fuzzes the builders of sections 8, 9 and 11 that make or measure rows of
// probabilities: dirichlet_rows, softmax_temperature, entropy, focus_rows,
// ramp_scores, distance_decay, alibi_slopes / alibi_bias, the distance
// statistics (attention_distance.hpp) and the hand-built heads (head_roles.hpp).
// Besides "accepted input gives rows summing to 1, finite, in [0, 1]", inputs
// that the header documents as valid must be accepted: a std::invalid_argument
// there breaks the contract as much as a crash does.
#include <cmath>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "atlas/attention/alibi.hpp"
#include "atlas/attention/attention.hpp"
#include "atlas/attention/attention_distance.hpp"
#include "atlas/attention/entropy.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/temperature.hpp"
#include "atlas/lessons/dirichlet.hpp"
#include "atlas/lessons/distance_decay.hpp"
#include "atlas/lessons/entropy_examples.hpp"
#include "atlas/lessons/head_roles.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using atlas::Matrix;
using atlas::Vector;
using namespace atlas::fuzz;

bool in_range(int v, int lo, int hi) { return v >= lo && v <= hi; }
bool in_range(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }

void dirichlet(FuzzedDataProvider& in) {
  const int rows = size(in, 1, 8, atlas::kMaxSequence), n = size(in, 1, 16, atlas::kMaxSequence);
  const double alpha = number_in(in, 0.01, 1000.0);
  const bool valid = in_range(rows, 1, atlas::kMaxSequence) && in_range(n, 1, atlas::kMaxSequence) &&
                     in_range(alpha, 0.01, 1000.0);
  const bool ok = expect_ok_or_invalid([&] {
    require_distribution_rows(atlas::dirichlet_rows(rows, n, alpha, in.ConsumeIntegral<std::uint64_t>()),
                              "dirichlet rows");
  });
  check(ok == valid, "dirichlet_rows accepts exactly its documented ranges");
}

void temperature(FuzzedDataProvider& in) {
  const Matrix scores = matrix(in, in.ConsumeIntegralInRange(0, 6), in.ConsumeIntegralInRange(0, 12));
  const double t = number_in(in, 1e-3, 1e3);
  const bool valid = scores.size() > 0 && scores.allFinite() && in_range(t, 1e-3, 1e3);
  const bool ok = expect_ok_or_invalid([&] {
    require_distribution_rows(atlas::softmax_temperature(scores, t), "temperature rows");
  });
  check(ok == valid, "softmax_temperature accepts every finite score matrix and T in 1e-3..1e3");
}

void measure(FuzzedDataProvider& in) {
  const int n = in.ConsumeIntegralInRange(0, 9);
  Matrix W = matrix(in, n, shape(in, n));
  const bool rows_of_probabilities = W.size() > 0 && in.ConsumeBool();
  if (rows_of_probabilities) {
    W = atlas::masked_softmax(W.unaryExpr([](double x) { return std::isfinite(x) ? std::tanh(x) * 30 : 0.0; }));
  }
  std::optional<Matrix> mask;
  if (in.ConsumeBool()) mask = atlas::fuzz::mask(in, shape(in, n), shape(in, n));
  expect_ok_or_invalid([&] {
    const Vector h = atlas::entropy(W);
    require_finite(h, "entropy finite");
    check((h.array() >= -1e-5).all() && (h.array() <= std::log(W.cols()) + 1e-5).all(), "entropy in 0 .. ln m");
  });
  const int radius = size(in, 0, 10, atlas::kMaxSequence);
  expect_ok_or_invalid([&] {
    const Vector by_distance = atlas::mean_by_distance(W, mask);
    const double near = atlas::mass_within(W, radius), mean = atlas::mean_attention_distance(W);
    if (!rows_of_probabilities) return;
    require_finite(by_distance, "mean by distance finite");
    check((by_distance.array() >= 0.0).all() && (by_distance.array() <= 1.0 + 1e-12).all(), "means in [0, 1]");
    check(near >= 0.0 && near <= 1.0 + 1e-9, "mass within radius in [0, 1]");
    check(mean >= 0.0 && mean <= n - 1 + 1e-9, "mean distance in 0 .. n - 1");
  });
}

void formulas(FuzzedDataProvider& in) {
  const int n = size(in, 1, 24, atlas::kMaxSequence);
  expect_ok_or_invalid([&] {
    const Matrix f = atlas::focus_rows(n);
    require_distribution_rows(f, "focus rows");
    const Vector h = atlas::entropy(f);
    check(h(0) == 0.0 && std::abs(h(2) - atlas::uniform_entropy(n)) < 1e-12, "focused 0, uniform ln n");
    check(atlas::ramp_scores(n).allFinite(), "ramp finite");
  });
  const std::string kinds[] = {"linear", "exponential", "gaussian", in.ConsumeRandomLengthString(12)};
  const std::string& kind = kinds[in.ConsumeIntegralInRange(0, 3)];
  expect_ok_or_invalid([&] {
    const Matrix d = atlas::distance_decay(kind, n, number_in(in, 0.1, 4096.0));
    require_distribution_rows(d, "distance decay rows");
    for (Eigen::Index i = 0; i < d.rows(); ++i) check(d(i, i) == d.row(i).maxCoeff(), "peak on the diagonal");
  });
  expect_ok_or_invalid([&] {
    const Vector m = atlas::alibi_slopes(size(in, 1, 16, 64));
    check((m.array() > 0.0).all() && (m.array() < 1.0).all(), "slopes in (0, 1)");
    const Matrix b = atlas::alibi_bias(n, number_in(in, 0.0, 10.0), in.ConsumeBool());
    check(b.allFinite() && (b.array() <= 0.0).all() && (b.diagonal().array() == 0.0).all(), "bias <= 0, 0 on the diagonal");
  });
}

void heads(FuzzedDataProvider& in) {
  const int n = size(in, 1, 24, atlas::kMaxSequence);
  std::vector<bool> marks(in.ConsumeIntegralInRange(0, 24));
  for (std::size_t k = 0; k < marks.size(); ++k) marks[k] = in.ConsumeBool();
  expect_ok_or_invalid([&] {
    require_distribution_rows(atlas::previous_word_head(n), "previous word head");
    require_distribution_rows(atlas::broad_head(n), "broad head");
  });
  expect_ok_or_invalid([&] { require_distribution_rows(atlas::attend_to_marked(marks), "marked head"); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  using Case = void (*)(FuzzedDataProvider&);
  static constexpr Case cases[] = {dirichlet, temperature, measure, formulas, heads};
  cases[in.ConsumeIntegralInRange<std::size_t>(0, std::size(cases) - 1)](in);
  return 0;
}
