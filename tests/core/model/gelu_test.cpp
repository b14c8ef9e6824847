#include <cmath>

#include "atlas/model/operations.hpp"
#include "helpers.hpp"

using atlas::model::gelu_backward;
using atlas::model::gelu_forward;
using atlas::model::RowMatrix;

namespace {
// The formula in double with the C library's tanh: what the float path approximates.
double gelu(double u) { return 0.5 * u * (1.0 + std::tanh(0.7978845608028654 * (u + 0.044715 * u * u * u))); }
}  // namespace

TEST_CASE("GELU in float (Eigen's tanh) stays within float rounding of the formula, over the range activations take", "[model]") {
  const int n = 4001;
  RowMatrix<float> u(1, n);
  for (int k = 0; k < n; ++k) u(0, k) = -20.0f + 40.0f * static_cast<float>(k) / (n - 1);
  const RowMatrix<float> out = gelu_forward(u);
  for (int k = 0; k < n; ++k) {
    const double want = gelu(static_cast<double>(u(0, k)));
    // Relative to the input's size: gelu(u) ~ u for large u and ~0 for very negative u.
    REQUIRE(std::abs(out(0, k) - want) <= 4e-7 * std::max(1.0, std::abs(static_cast<double>(u(0, k)))));
  }
}

TEST_CASE("GELU's backward in float matches a central difference of the double formula", "[model]") {
  RowMatrix<float> u(1, 9), ones = RowMatrix<float>::Ones(1, 9);
  u << -6.0f, -3.0f, -1.5f, -0.5f, 0.0f, 0.3f, 1.0f, 2.5f, 6.0f;
  const RowMatrix<float> slope = gelu_backward(ones, u);
  for (int k = 0; k < 9; ++k) {
    const double x = u(0, k), h = 1e-5;
    REQUIRE(slope(0, k) == Approx((gelu(x + h) - gelu(x - h)) / (2 * h)).margin(2e-6));
  }
}
