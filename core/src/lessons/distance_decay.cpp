#include "atlas/lessons/distance_decay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <stdexcept>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {

Matrix distance_decay(const std::string& kind, int n, double width) {
  require_in_range(n, 1, kMaxSequence, "n");
  require_in_range(width, kMinWidth, static_cast<double>(kMaxSequence), "width");
  std::function<double(double)> kernel;
  if (kind == "linear") {
    kernel = [width](double d) { return std::max(0.0, 1.0 - d / width); };
  } else if (kind == "exponential") {
    kernel = [width](double d) { return std::exp(-d / width); };
  } else if (kind == "gaussian") {
    kernel = [width](double d) { return std::exp(-d * d / (2.0 * width * width)); };
  } else {
    throw ArgumentError("decay", "decay kind '" + kind +
                                "' is unknown; expected one of linear, exponential, gaussian");
  }
  // The kernel depends on d = |i - j| only: compute it once per distance.
  Vector by_distance(n);
  for (int d = 0; d < n; ++d) by_distance(d) = kernel(static_cast<double>(d));
  Matrix m(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) m(i, j) = by_distance(std::abs(i - j));
    m.row(i) /= m.row(i).sum();  // >= 1: the diagonal term is kernel(0) = 1
  }
  return m;
}

}  // namespace atlas
