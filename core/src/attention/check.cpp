#include "atlas/attention/check.hpp"

#include <cmath>
#include <stdexcept>

#include "atlas/attention/number_text.hpp"
#include "lanes.hpp"

namespace atlas {
namespace {

template <typename M>
std::string shape_string(const M& m) {
  return std::to_string(m.rows()) + " x " + std::to_string(m.cols());
}

template <typename M>
void require_finite_entries(const M& m, const std::string& name) {
  if (m.rows() <= 0 || m.cols() <= 0) {
    throw ArgumentError(name, name + " is empty (" + shape_string(m) +
                                "); expected at least 1 x 1");
  }
  if (all_finite(m)) return;
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      if (!std::isfinite(m(r, c))) {
        throw ArgumentError(name, name + " has a non-finite value (NaN or infinity) at row " +
                                    std::to_string(r) + ", column " + std::to_string(c));
      }
    }
  }
}

template <typename M>
void require_mask_of(const M& mask, Eigen::Index n, Eigen::Index m) {
  if (mask.rows() != n || mask.cols() != m) {
    throw ArgumentError("mask", "mask is " + shape_string(mask) + "; expected " + std::to_string(n) +
                                " x " + std::to_string(m) + " (queries x keys)");
  }
  using T = typename M::Scalar;
  if (((mask.array() == T(0)) || (mask.array() == T(1))).all()) return;
  for (Eigen::Index r = 0; r < n; ++r) {
    for (Eigen::Index c = 0; c < m; ++c) {
      if (mask(r, c) != T(0) && mask(r, c) != T(1)) {
        throw ArgumentError("mask", "mask must hold only 0 (allowed) and 1 (blocked); row " +
                                    std::to_string(r) + ", column " + std::to_string(c) +
                                    " is neither");
      }
    }
  }
}

}  // namespace

std::string shape_of(const Matrix& m) { return shape_string(m); }
std::string shape_of(const MatrixF& m) { return shape_string(m); }

// x * 0 is 0 for a finite x and NaN for infinity or NaN, and a NaN stays in the sum, summed a
// vector of lanes at a time.
template <typename M>
bool all_finite_entries(const M& m) {
  using T = typename M::Scalar;
  return lanes::lane_sum(m.data(), m.size(), [](auto v) { return v * T(0); }) == T(0);
}

bool all_finite(const Matrix& m) { return all_finite_entries(m); }
bool all_finite(const MatrixF& m) { return all_finite_entries(m); }

void require_finite(const Matrix& m, const std::string& name) { require_finite_entries(m, name); }
void require_finite(const MatrixF& m, const std::string& name) { require_finite_entries(m, name); }

void require_in_range(int value, int lo, int hi, const std::string& name) {
  if (value < lo || value > hi) {
    throw ArgumentError(name, name + " must be an integer from " + std::to_string(lo) +
                                " to " + std::to_string(hi) + "; got " + std::to_string(value));
  }
}

void require_in_range(double value, double lo, double hi, const std::string& name) {
  if (!std::isfinite(value) || value < lo || value > hi) {
    throw ArgumentError(name, name + " must be a number from " + number_text(lo) + " to " + number_text(hi) +
                                "; got " + number_text(value));
  }
}

void require_mask(const Matrix& mask, Eigen::Index n, Eigen::Index m) { require_mask_of(mask, n, m); }
void require_mask(const MatrixF& mask, Eigen::Index n, Eigen::Index m) { require_mask_of(mask, n, m); }

}  // namespace atlas
