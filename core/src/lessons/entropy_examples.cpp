#include "atlas/lessons/entropy_examples.hpp"

#include <cmath>
#include <cstdlib>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {

Matrix focus_rows(int n) {
  require_in_range(n, 1, kMaxSequence, "n");
  const int c = (n - 1) / 2;
  Matrix out = Matrix::Zero(3, n);
  out(0, c) = 1.0;
  for (int j = 0; j < n; ++j) out(1, j) = std::ldexp(1.0, -std::abs(j - c));
  out.row(1) /= out.row(1).sum();
  out.row(2).setConstant(1.0 / n);
  return out;
}

Matrix ramp_scores(int n) {
  require_in_range(n, 1, kMaxSequence, "n");
  Matrix out = Matrix::Zero(1, n);
  for (int j = 0; j < n && n > 1; ++j) out(0, j) = 2.0 - 4.0 * j / (n - 1);
  return out;
}

double uniform_entropy(int n) {
  require_in_range(n, 1, kMaxSequence, "n");
  return std::log(static_cast<double>(n));
}

}  // namespace atlas
