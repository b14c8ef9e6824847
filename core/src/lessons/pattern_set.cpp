#include "atlas/lessons/pattern_set.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace atlas {

std::vector<PatternEntry> pattern_set(const std::vector<std::string>& names, int n,
                                      const PatternOptions& options) {
  if (names.empty()) throw std::invalid_argument("names is empty; expected at least one pattern name");
  const long entries = static_cast<long>(names.size()) * n * n;
  if (n > 0 && entries > kMaxPatternSetEntries) {
    throw std::invalid_argument("n = " + std::to_string(n) + " with " + std::to_string(names.size()) +
                                " patterns is " + std::to_string(entries) + " weights, more than one call returns (" +
                                std::to_string(kMaxPatternSetEntries) + "); ask for a smaller n or fewer names");
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
