#include "atlas/attention/patterns.hpp"

#include <algorithm>
#include <stdexcept>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {
namespace {

Matrix normalise_rows(Matrix m) {
  for (Eigen::Index r = 0; r < m.rows(); ++r) m.row(r) /= m.row(r).sum();
  return m;
}

Matrix local_support(int n, int window) {
  Matrix m = Matrix::Zero(n, n);
  const int half = window / 2;
  for (int i = 0; i < n; ++i) {
    for (int j = std::max(0, i - half); j <= std::min(n - 1, i + half); ++j) m(i, j) = 1.0;
  }
  return m;
}

}  // namespace

Matrix pattern(const std::string& name, int n, const PatternOptions& options) {
  require_in_range(n, 1, kMaxSequence, "n");
  require_in_range(options.window, 1, kMaxSequence, "window");
  require_in_range(options.stride, 1, kMaxSequence, "stride");

  if (name == "uniform") return Matrix::Constant(n, n, 1.0 / n);
  if (name == "self-focus") {
    Matrix m = Matrix::Constant(n, n, 0.02);
    m.diagonal().array() += 0.8;
    return normalise_rows(m);
  }
  if (name == "causal") {
    Matrix m = Matrix::Zero(n, n);
    for (int i = 0; i < n; ++i) m.row(i).head(i + 1).setOnes();
    return normalise_rows(m);
  }
  if (name == "local") return normalise_rows(local_support(n, options.window));
  if (name == "strided") {
    Matrix m = Matrix::Zero(n, n);
    for (int j = 0; j < n; j += options.stride) m.col(j).setOnes();
    return normalise_rows(m);
  }
  if (name == "strided-relative") {
    const int s = options.stride;
    Matrix m = Matrix::Zero(n, n);
    for (int i = 0; i < n; ++i) {
      for (int j = std::max(0, i - s + 1); j <= i; ++j) m(i, j) = 1.0;
      for (int j = i - s; j >= 0; j -= s) m(i, j) = 1.0;
    }
    return normalise_rows(m);
  }
  if (name == "global-local") {
    require_in_range(options.globals, 0, n, "globals");
    Matrix m = local_support(n, options.window);
    m.leftCols(options.globals).setOnes();
    m.topRows(options.globals).setOnes();
    return normalise_rows(m);
  }
  throw ArgumentError("name", "pattern name '" + name +
                              "' is unknown; expected one of uniform, self-focus, causal, local, "
                              "strided, strided-relative, global-local");
}

}  // namespace atlas
