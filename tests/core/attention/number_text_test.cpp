#include "atlas/attention/number_text.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "atlas/attention/random.hpp"

using atlas::number_text;

namespace {

std::string printf_g(double x) {
  char text[64];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

}  // namespace

TEST_CASE("number_text writes what printf's %g writes for the numbers of our messages") {
  for (double x : {0.5, 10.0, 1000.0, 0.001, 0.0001, 0.01, 3.0, 0.7, 0.1 + 0.2, 100000.0, 999999.0, 1e6, 1e-5,
                   123456789.0, 0.000123456, -2.5, 1e300, 4.9e-324, 9.9999996, 999999.6, 0.00099999996}) {
    INFO("x " << x);
    REQUIRE(number_text(x) == printf_g(x));
  }
  REQUIRE(number_text(0.0) == "0");
  REQUIRE(number_text(-0.0) == "-0");
  REQUIRE(number_text(std::numeric_limits<double>::infinity()) == "inf");
  REQUIRE(number_text(-std::numeric_limits<double>::infinity()) == "-inf");
  REQUIRE(number_text(std::numeric_limits<double>::quiet_NaN()) == "nan");
}

TEST_CASE("number_text agrees with %g on random numbers across 600 orders of magnitude") {
  atlas::Rng rng(7);
  for (int i = 0; i < 20000; ++i) {
    const double x = (rng.uniform() - 0.5) * std::pow(10.0, std::floor(rng.uniform() * 600.0) - 300.0);
    INFO("x " << x);
    REQUIRE(number_text(x) == printf_g(x));
  }
}
