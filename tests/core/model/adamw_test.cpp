#include <cmath>
#include <vector>

#include "atlas/model/adamw.hpp"
#include "helpers.hpp"

using atlas::model::AdamW;
using atlas::model::AdamWSettings;

TEST_CASE("AdamW converges on a badly scaled quadratic", "[model]") {
  // f(x) = 1/2 sum_i a_i (x_i - c_i)^2 with curvatures over four decades.
  const std::vector<double> a{1e-2, 1.0, 10.0, 100.0}, c{3.0, -2.0, 0.5, 1.0};
  std::vector<double> x(4, 0.0), g(4);
  const std::vector<char> no_decay(4, 0);
  AdamW<double> opt(4, AdamWSettings{0.05, 0.9, 0.999, 1e-8, 0.0});
  for (int step = 0; step < 3000; ++step) {
    for (int i = 0; i < 4; ++i) g[i] = a[i] * (x[i] - c[i]);
    opt.step(x, g, no_decay);
  }
  for (int i = 0; i < 4; ++i) REQUIRE(x[i] == Approx(c[i]).margin(1e-3));
}

TEST_CASE("bias correction: the first step moves each parameter by the learning rate", "[model]") {
  std::vector<float> x{0.0f, 0.0f}, g{1e-3f, -50.0f};
  AdamW<float> opt(2, AdamWSettings{0.01, 0.9, 0.98, 1e-12, 0.0});
  opt.step(x, g, std::vector<char>(2, 0));
  REQUIRE(x[0] == Approx(-0.01).epsilon(1e-4));
  REQUIRE(x[1] == Approx(0.01).epsilon(1e-4));
}

TEST_CASE("decoupled weight decay shrinks only the parameters marked for it", "[model]") {
  std::vector<double> x{2.0, 2.0}, g{0.0, 0.0};
  AdamW<double> opt(2, AdamWSettings{0.1, 0.9, 0.98, 1e-8, 0.5});
  opt.step(x, g, std::vector<char>{1, 0});
  REQUIRE(x[0] == Approx(2.0 - 0.1 * 0.5 * 2.0));
  REQUIRE(x[1] == 2.0);
}

TEST_CASE("clipping scales the gradient to the maximum norm and reports the norm before", "[model]") {
  std::vector<float> g{3.0f, 4.0f};
  REQUIRE(atlas::model::clip_gradient_norm(g, 1.0) == Approx(5.0));
  REQUIRE(std::hypot(g[0], g[1]) == Approx(1.0));
  REQUIRE(g[0] / g[1] == Approx(0.75));
  std::vector<float> small{0.3f, 0.4f};
  atlas::model::clip_gradient_norm(small, 1.0);
  REQUIRE(small[0] == 0.3f);
}
