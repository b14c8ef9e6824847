#include "atlas/attention/temperature.hpp"

#include "atlas/attention/attention.hpp"
#include "atlas/attention/check.hpp"

namespace atlas {

Matrix softmax_temperature(const Matrix& scores, double temperature) {
  require_finite(scores, "scores");
  require_in_range(temperature, 1e-3, 1e3, "temperature");
  return masked_softmax(scores / temperature);
}

}  // namespace atlas
