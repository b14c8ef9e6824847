#include "atlas/attention/rope.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {
namespace {

void require_even_width(int d) {
  require_in_range(d, 2, kMaxModel, "d");
  if (d % 2 != 0) {
    throw std::invalid_argument("d must be even: RoPE turns the dimensions in pairs; got " +
                                std::to_string(d));
  }
}

void require_scale(double scale) { require_in_range(scale, 1.0, 1e6, "scale"); }

}  // namespace

Vector rope_frequencies(int d, double base) {
  require_even_width(d);
  if (!std::isfinite(base) || base <= 1.0) {
    throw std::invalid_argument("base must be a finite number greater than 1; got " +
                                std::to_string(base));
  }
  Vector theta(d / 2);
  for (int i = 0; i < d / 2; ++i) theta(i) = std::pow(base, -2.0 * i / d);
  return theta;
}

Matrix rope_rotate(const Matrix& X, const Vector& positions, double base, double scale) {
  require_finite(X, "X");
  const int d = static_cast<int>(X.cols());
  const Vector theta = rope_frequencies(d, base);
  require_scale(scale);
  if (positions.size() != X.rows()) {
    throw std::invalid_argument("positions has " + std::to_string(positions.size()) +
                                " entries; expected one per row of X (" +
                                std::to_string(X.rows()) + ")");
  }
  if (!positions.allFinite()) throw std::invalid_argument("positions must be finite");
  Matrix out(X.rows(), d);
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    const double p = positions(r) / scale;
    for (int i = 0; i < d / 2; ++i) {
      const double c = std::cos(p * theta(i)), s = std::sin(p * theta(i));
      const double x0 = X(r, 2 * i), x1 = X(r, 2 * i + 1);
      out(r, 2 * i) = c * x0 - s * x1;
      out(r, 2 * i + 1) = s * x0 + c * x1;
    }
  }
  return out;
}

Vector rope_decay_bound(int d, double base, double scale, int offsets) {
  const Vector theta = rope_frequencies(d, base);
  require_scale(scale);
  require_in_range(offsets, 0, kMaxSequence, "offsets");
  const int half = d / 2;
  Vector bound(offsets + 1);
  for (int r = 0; r <= offsets; ++r) {
    double re = 0.0, im = 0.0;  // S_j, the running sum
    double total = 0.0;
    for (int k = 0; k < half; ++k) {
      const double angle = r * theta(k) / scale;
      re += std::cos(angle);
      im += std::sin(angle);
      // |S_j| <= d/2: no overflow to guard against, so no hypot (std::abs of a complex), which is slow
      total += std::sqrt(re * re + im * im);
    }
    bound(r) = total / half;
  }
  return bound;
}

}  // namespace atlas
