#include "atlas/attention/mask.hpp"

#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {

Matrix causal_mask(int n) {
  require_in_range(n, 1, kMaxSequence, "n");
  Matrix mask = Matrix::Zero(n, n);
  for (int r = 0; r < n; ++r) {
    for (int c = r + 1; c < n; ++c) mask(r, c) = 1.0;
  }
  return mask;
}

Matrix window_mask(int n, int window, int sinks) {
  require_in_range(n, 1, kMaxSequence, "n");
  require_in_range(window, 1, kMaxSequence, "window");
  if (sinks < 0 || sinks > window) {
    throw ArgumentError("sinks", "sinks must be from 0 to the window (" + std::to_string(window) +
                                "); got " + std::to_string(sinks));
  }
  Matrix mask = Matrix::Ones(n, n);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c <= r; ++c) {
      if (r - c < window || c < sinks) mask(r, c) = 0.0;
    }
  }
  return mask;
}

}  // namespace atlas
