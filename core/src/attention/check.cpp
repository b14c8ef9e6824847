#include "atlas/attention/check.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace atlas {

std::string shape_of(const Matrix& m) {
  return std::to_string(m.rows()) + " x " + std::to_string(m.cols());
}

void require_finite(const Matrix& m, const std::string& name) {
  if (m.rows() <= 0 || m.cols() <= 0) {
    throw std::invalid_argument(name + " is empty (" + shape_of(m) +
                                "); expected at least 1 x 1");
  }
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      if (!std::isfinite(m(r, c))) {
        throw std::invalid_argument(name + " has a non-finite value (NaN or infinity) at row " +
                                    std::to_string(r) + ", column " + std::to_string(c));
      }
    }
  }
}

void require_in_range(int value, int lo, int hi, const std::string& name) {
  if (value < lo || value > hi) {
    throw std::invalid_argument(name + " must be an integer from " + std::to_string(lo) +
                                " to " + std::to_string(hi) + "; got " + std::to_string(value));
  }
}

void require_in_range(double value, double lo, double hi, const std::string& name) {
  if (!std::isfinite(value) || value < lo || value > hi) {
    std::ostringstream msg;
    msg << name << " must be a number from " << lo << " to " << hi << "; got " << value;
    throw std::invalid_argument(msg.str());
  }
}

}  // namespace atlas
