#include "atlas/lessons/pattern_set.hpp"

#include "atlas/attention/check.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace atlas {

std::vector<PatternEntry> pattern_set(const std::vector<std::string>& names, int n,
                                      const PatternOptions& options) {
  if (names.empty()) throw ArgumentError("names", "names is empty; expected at least one pattern name");
  // n * n fits in a long for any int n; names.size() * n * n may not, so divide instead.
  const long per_pattern = n > 0 ? static_cast<long>(n) * n : 0;
  const long count = static_cast<long>(names.size());
  if (per_pattern > kMaxPatternSetEntries / count) {
    const std::string weights = per_pattern <= kMaxPatternSetEntries ? std::to_string(count * per_pattern) + " weights"
                                                                     : "more than " + std::to_string(kMaxPatternSetEntries) + " weights";
    throw ArgumentError("n", "n = " + std::to_string(n) + " with " + std::to_string(count) + " patterns is " + weights +
                                ", more than one call returns (" + std::to_string(kMaxPatternSetEntries) +
                                "); ask for a smaller n or fewer names");
  }
  std::vector<PatternEntry> out;
  out.reserve(names.size());
  for (const std::string& name : names) {
    PatternEntry e;
    e.name = name;
    e.weights = pattern(name, n, options);
    e.mask = (e.weights.array() > 0.0).select(Matrix::Zero(n, n), Matrix::Ones(n, n));
    e.computed = static_cast<long>((e.weights.array() > 0.0).count());
    e.total = static_cast<long>(n) * n;
    e.fraction = static_cast<double>(e.computed) / static_cast<double>(e.total);
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace atlas
