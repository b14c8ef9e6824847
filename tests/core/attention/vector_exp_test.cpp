// exp_in_place(double), the vectorised exp of softmax's default path, against std::exp:
// within 2 ulp where the result is normal, close in the subnormal range, and the edge cases
// softmax can meet (0, very negative numbers, -infinity) plus overflow and NaN.
#include <cmath>
#include <limits>
#include <vector>

#include "atlas/attention/vector_exp.hpp"
#include "helpers.hpp"

namespace {

std::vector<double> exp_of(std::vector<double> x) {
  atlas::exp_in_place(x.data(), static_cast<std::ptrdiff_t>(x.size()));
  return x;
}

}  // namespace

TEST_CASE("exp_in_place(double) is within 2 ulp of std::exp from -708 to 709.7") {
  const int count = 200001;  // odd: the last entry takes the padded path
  std::vector<double> x(count);
  for (int i = 0; i < count; ++i) x[i] = -708.0 + 1417.7 * i / (count - 1) + 1e-7 * std::sin(i);
  const auto y = exp_of(x);
  double worst = 0.0;
  for (int i = 0; i < count; ++i) {
    const double exact = std::exp(x[i]);
    worst = std::max(worst, std::abs(y[i] - exact) / exact);
  }
  REQUIRE(worst < 2 * std::numeric_limits<double>::epsilon());
  REQUIRE(exp_of({0.0})[0] == 1.0);  // the row maximum of softmax weighs exactly 1
}

TEST_CASE("exp_in_place(double) reaches the subnormals, 0, infinity and NaN as std::exp does") {
  for (double v : {-708.5, -720.0, -740.0, -745.0}) {
    INFO("x " << v);
    const double got = exp_of({v})[0], exact = std::exp(v);
    REQUIRE(std::abs(got - exact) <= 1e-15 * exact + 2 * std::numeric_limits<double>::denorm_min());
  }
  const double inf = std::numeric_limits<double>::infinity();
  const auto edge = exp_of({-746.0, -1e6, -inf, 709.8, 1e6, inf});
  REQUIRE(edge == std::vector<double>{0.0, 0.0, 0.0, inf, inf, inf});
  REQUIRE(std::isnan(exp_of({std::nan("")})[0]));
}
