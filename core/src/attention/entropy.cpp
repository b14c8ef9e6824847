#include "atlas/attention/entropy.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/number_text.hpp"

namespace atlas {

Vector entropy(const Matrix& W) {
  require_finite(W, "W");
  Vector h(W.rows());
  for (Eigen::Index r = 0; r < W.rows(); ++r) {
    if ((W.row(r).array() < 0.0).any()) {
      throw ArgumentError("W", "W row " + std::to_string(r) +
                                  " has a negative weight; entropy needs probabilities");
    }
    const double sum = W.row(r).sum();
    if (sum != 0.0 && std::abs(sum - 1.0) > 1e-6) {
      throw ArgumentError("W", "W row " + std::to_string(r) + " sums to " +
                                  number_text(sum) + "; expected 1 (or an all-zero row)");
    }
    double acc = 0.0;
    for (Eigen::Index c = 0; c < W.cols(); ++c) {
      const double w = W(r, c);
      if (w > 0.0) acc -= w * std::log(w);  // the limit of w ln w at 0 is 0
    }
    h(r) = acc;
  }
  return h;
}

}  // namespace atlas
