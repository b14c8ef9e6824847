#include "atlas/attention_distance.hpp"

#include <cstdlib>
#include <stdexcept>

#include "atlas/check.hpp"

namespace atlas {

double mean_attention_distance(const Matrix& W) {
  require_finite(W, "W");
  if ((W.array() < 0.0).any()) {
    throw std::invalid_argument("W has a negative weight; mean distance needs rows of probabilities");
  }
  double total = 0.0;
  for (Eigen::Index i = 0; i < W.rows(); ++i) {
    for (Eigen::Index j = 0; j < W.cols(); ++j) total += W(i, j) * static_cast<double>(std::abs(i - j));
  }
  return total / static_cast<double>(W.rows());
}

}  // namespace atlas
