#include "atlas/lessons/dirichlet.hpp"

#include <cmath>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/random.hpp"

namespace atlas {
namespace {

// 1 - uniform() lies in (0, 1]: its log is finite.
double log_uniform(Rng& rng) { return std::log(1.0 - rng.uniform()); }

// log of a Gamma(alpha, 1) draw, alpha >= 1 (Marsaglia & Tsang 2000).
double log_gamma_draw_ge1(double alpha, Rng& rng) {
  const double d = alpha - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    const double x = rng.normal();
    const double t = 1.0 + c * x;
    if (t <= 0.0) continue;
    const double v = t * t * t;
    if (log_uniform(rng) < 0.5 * x * x + d - d * v + d * std::log(v)) return std::log(d) + std::log(v);
  }
}

double log_gamma_draw(double alpha, Rng& rng) {
  if (alpha >= 1.0) return log_gamma_draw_ge1(alpha, rng);
  const double boosted = log_gamma_draw_ge1(alpha + 1.0, rng);
  return boosted + log_uniform(rng) / alpha;
}

}  // namespace

Matrix dirichlet_rows(int rows, int n, double concentration, std::uint64_t seed) {
  require_in_range(rows, 1, kMaxSequence, "rows");
  require_in_range(n, 1, kMaxSequence, "n");
  require_in_range(concentration, kMinConcentration, kMaxConcentration, "concentration");
  Rng rng(seed);
  Matrix out(rows, n);
  for (int r = 0; r < rows; ++r) {
    for (int j = 0; j < n; ++j) out(r, j) = log_gamma_draw(concentration, rng);
    out.row(r).array() = (out.row(r).array() - out.row(r).maxCoeff()).exp();
    out.row(r) /= out.row(r).sum();
  }
  return out;
}

}  // namespace atlas
