// Fuzzes pattern() and pattern_set() (patterns.hpp, pattern_set.hpp): names
// picked from the gallery or made of the fuzzer's bytes, n, window, stride and
// globals from edge-heavy draws. Invariants on every accepted input:
//   the pattern is n x n with rows summing to 1 and entries in [0, 1];
//   pattern_set's mask is 1 exactly where the weight is 0, computed counts the
//   non-zeros, total = n^2, fraction = computed / total in (0, 1];
//   attention() under that mask never has a fully blocked row (every pattern
//   row keeps a key), so all its rows sum to 1.
#include <string>
#include <vector>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/patterns.hpp"
#include "atlas/lessons/pattern_set.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using atlas::Matrix;
using namespace atlas::fuzz;

std::string name(FuzzedDataProvider& in) {
  const auto& names = atlas::pattern_names();
  const std::size_t pick = in.ConsumeIntegralInRange<std::size_t>(0, names.size());
  return pick < names.size() ? names[pick] : in.ConsumeRandomLengthString(20);
}

void check_entry(const atlas::PatternEntry& e, int n) {
  require_distribution_rows(e.weights, "pattern rows sum to 1");
  check(e.weights.rows() == n && e.weights.cols() == n, "pattern is n x n");
  check(((e.mask.array() == 1.0) == (e.weights.array() == 0.0)).all(), "mask is 1 exactly where weight is 0");
  check(e.computed == (e.weights.array() > 0.0).count(), "computed counts the non-zeros");
  check(e.total == static_cast<long>(n) * n, "total is n^2");
  check(e.fraction > 0.0 && e.fraction <= 1.0 && e.fraction == double(e.computed) / double(e.total),
        "fraction = computed / total in (0, 1]");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const int n = atlas::fuzz::size(in, 1, 24, atlas::kMaxSequence);
  atlas::PatternOptions options;
  options.window = atlas::fuzz::size(in, 1, 12, atlas::kMaxSequence);
  options.stride = atlas::fuzz::size(in, 1, 12, atlas::kMaxSequence);
  options.globals = atlas::fuzz::size(in, 0, 6, n);
  std::vector<std::string> names(in.ConsumeIntegralInRange(0, 4));
  for (std::string& s : names) s = name(in);

  expect_ok_or_invalid([&] {
    const std::vector<atlas::PatternEntry> set = atlas::pattern_set(names, n, options);
    check(set.size() == names.size(), "one entry per name");
    for (std::size_t k = 0; k < set.size(); ++k) {
      check(set[k].name == names[k], "entries in the order of names");
      check_entry(set[k], n);
      check(set[k].weights == atlas::pattern(names[k], n, options), "pattern_set agrees with pattern");
      const Matrix X = matrix(in, n, 2);
      if (!X.allFinite() || X.cwiseAbs().maxCoeff() > 1e100) continue;
      const atlas::AttentionResult r = atlas::attention(X, X, X, set[k].mask);
      require_distribution_rows(r.weights, "attention under a pattern mask: rows sum to 1");
    }
  });
  return 0;
}
