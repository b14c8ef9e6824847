#include "atlas/attention/mask.hpp"

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

}  // namespace atlas
