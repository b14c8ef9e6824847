// The seeded generator's two normal draws (Box-Muller and the ziggurat): reproducible
// from the seed, and distributed as N(0, 1) by moments, tail probabilities and a
// Kolmogorov-Smirnov statistic. The seeds are fixed, so each check is deterministic; the
// bounds are five standard errors (and the KS statistic's 0.1% point), so a defect such as
// a wrong layer table or a lost tail fails them and a correct generator passes.
#include "atlas/attention/random.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "helpers.hpp"

using atlas::Matrix;
using atlas::Rng;

namespace {

constexpr double kR = 3.442619855899;  // the ziggurat's base: draws beyond it come from its tail

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

void require_standard_normal(const std::function<double(Rng&)>& draw, std::uint64_t seed) {
  const int n = 1 << 18;
  Rng rng(seed);
  std::vector<double> x(n);
  for (double& v : x) v = draw(rng);
  double m1 = 0.0, m2 = 0.0, m4 = 0.0;
  int beyond2 = 0, beyondR = 0;
  for (double v : x) {
    m1 += v;
    m2 += v * v;
    m4 += v * v * v * v;
    beyond2 += std::fabs(v) > 2.0;
    beyondR += std::fabs(v) > kR;
  }
  const double root_n = std::sqrt(static_cast<double>(n));
  CHECK(std::fabs(m1 / n) < 5.0 / root_n);                       // mean 0, sd 1
  CHECK(std::fabs(m2 / n - 1.0) < 5.0 * std::sqrt(2.0) / root_n);  // var 1, sd sqrt(2)
  CHECK(std::fabs(m4 / n - 3.0) < 5.0 * std::sqrt(96.0) / root_n); // fourth moment 3, sd sqrt(96)
  for (auto [count, at] : {std::pair{beyond2, 2.0}, std::pair{beyondR, kR}}) {
    const double p = std::erfc(at / std::sqrt(2.0));
    INFO("P(|x| > " << at << ") = " << p);
    CHECK(std::fabs(static_cast<double>(count) / n - p) < 5.0 * std::sqrt(p * (1 - p) / n));
  }
  std::sort(x.begin(), x.end());
  double d = 0.0;
  for (int k = 0; k < n; ++k) {
    const double f = normal_cdf(x[k]);
    d = std::max({d, std::fabs(f - static_cast<double>(k) / n), std::fabs(f - static_cast<double>(k + 1) / n)});
  }
  CHECK(d * root_n < 1.95);  // the Kolmogorov distribution's 0.1% point
}

}  // namespace

TEST_CASE("random: the same seed draws the same numbers, another seed others") {
  for (auto draw : {+[](Rng& r) { return r.normal(); }, +[](Rng& r) { return r.ziggurat(); }}) {
    Rng a(7), b(7), c(8);
    for (int k = 0; k < 1000; ++k) {
      const double x = draw(a);
      REQUIRE(x == draw(b));
      REQUIRE(std::isfinite(x));
    }
    int same = 0;
    Rng a2(7);
    for (int k = 0; k < 1000; ++k) same += draw(a2) == draw(c);
    REQUIRE(same == 0);
  }
}

TEST_CASE("random: Box-Muller draws N(0, 1)") {
  require_standard_normal([](Rng& r) { return r.normal(); }, 11);
}

TEST_CASE("random: the ziggurat draws N(0, 1), its tail beyond R included") {
  require_standard_normal([](Rng& r) { return r.ziggurat(); }, 11);
  require_standard_normal([](Rng& r) { return r.ziggurat(); }, 12);
  // The tail branch: draws beyond R = 3.44 on both sides, as far beyond it on average as the
  // normal's are (E[|x| - R | |x| > R] = phi(R) / Q(R) - R = 0.268; the bound is five standard errors).
  Rng rng(13);
  int below = 0, above = 0;
  double excess = 0.0;
  for (int k = 0; k < 1000000; ++k) {
    const double v = rng.ziggurat();
    if (std::fabs(v) <= kR) continue;
    (v < 0 ? below : above) += 1;
    excess += std::fabs(v) - kR;
  }
  const int tail = below + above;
  const double q = 0.5 * std::erfc(kR / std::sqrt(2.0));
  const double expected = std::exp(-0.5 * kR * kR) / std::sqrt(2.0 * std::acos(-1.0)) / q - kR;
  INFO(below << " below -R, " << above << " above R");
  CHECK(below > 200);
  CHECK(above > 200);
  CHECK(std::fabs(excess / tail - expected) < 5.0 * expected / std::sqrt(static_cast<double>(tail)));
}

TEST_CASE("random: ziggurat_matrix is stddev times the ziggurat's draws, row by row") {
  Rng a(5), b(5);
  const Matrix m = atlas::ziggurat_matrix(3, 4, a, 0.25);
  REQUIRE(m.rows() == 3);
  REQUIRE(m.cols() == 4);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 4; ++c) REQUIRE(m(r, c) == 0.25 * b.ziggurat());
  }
}
