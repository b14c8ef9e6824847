#include "atlas/attention/positional.hpp"

#include <cmath>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {

Matrix positional_encoding(int n, int d, int first) {
  require_in_range(n, 1, kMaxSequence, "n");
  require_in_range(d, 1, kMaxModel, "d");
  require_in_range(first, 0, kMaxSequence - n, "first");
  Matrix pe(n, d);
  for (int c = 0; c < d; c += 2) {
    // exp(-(2i) ln(10000) / d) rather than pow(10000, -2i/d): the same value,
    // and the form the reference implementations use, so results agree to 1e-15.
    const double freq = std::exp(-static_cast<double>(c) * std::log(10000.0) / d);
    for (int p = 0; p < n; ++p) {
      const double angle = (first + p) * freq;
      pe(p, c) = std::sin(angle);
      if (c + 1 < d) pe(p, c + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace atlas
