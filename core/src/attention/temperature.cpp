#include "atlas/attention/temperature.hpp"

#include <limits>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {

Matrix softmax_temperature(const Matrix& scores, double temperature) {
  require_finite(scores, "scores");
  require_in_range(temperature, kMinTemperature, kMaxTemperature, "temperature");
  // Subtract each row's maximum BEFORE dividing by T (softmax is unchanged by
  // the shift): a finite score of 1e306 over T = 1e-3 overflows to infinity,
  // while (score - max) / T is <= 0. When that reaches -infinity, the lowest
  // double stands in for it: exp of either is 0, and masked_softmax takes only
  // finite scores.
  const Matrix shifted = (scores.array().colwise() - scores.rowwise().maxCoeff().array()) / temperature;
  return masked_softmax(shifted.cwiseMax(std::numeric_limits<double>::lowest()));
}

}  // namespace atlas
