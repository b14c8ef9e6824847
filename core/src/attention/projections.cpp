#include "atlas/attention/projections.hpp"

#include <algorithm>
#include <cmath>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/products.hpp"

namespace atlas {
namespace {

// The stream of matrix `which` (0..3) of a seed.
Rng stream(std::uint64_t seed, std::uint64_t which) { return Rng(mix_seed(mix_seed(seed, 0x70726F6A), which)); }  // "proj"

}  // namespace

ProjectionDraws::ProjectionDraws(std::uint64_t seed)
    : seed_(seed), draws_{Draws{stream(seed, 0)}, Draws{stream(seed, 1)}, Draws{stream(seed, 2)}, Draws{stream(seed, 3)}} {}

const Matrix& ProjectionDraws::grown(ProjectionMatrix which, int d_model) {
  require_in_range(d_model, 1, kMaxModel, "d_model");
  Draws& w = draws_[static_cast<int>(which)];
  if (d_model <= w.size) return w.z;
  if (d_model > w.z.rows()) {
    // Room to spare (twice the size, within the limit), so a slider moving up copies the
    // draws a few times, not at every step.
    const int capacity = std::min(kMaxModel, std::max(d_model, 2 * static_cast<int>(w.z.rows())));
    Matrix bigger(capacity, capacity);
    bigger.topLeftCorner(w.size, w.size) = w.z.topLeftCorner(w.size, w.size);
    w.z.swap(bigger);
  }
  for (int s = w.size; s < d_model; ++s) {
    for (int j = 0; j <= s; ++j) w.z(s, j) = w.rng.ziggurat();
    for (int i = 0; i < s; ++i) w.z(i, s) = w.rng.ziggurat();
  }
  w.size = d_model;
  return w.z;
}

Matrix ProjectionDraws::matrix(ProjectionMatrix which, int d_model) {
  const Matrix& z = grown(which, d_model);
  return z.topLeftCorner(d_model, d_model) / std::sqrt(static_cast<double>(d_model));
}

Matrix ProjectionDraws::project(const Matrix& X, ProjectionMatrix which) {
  const auto d = X.cols();
  const Matrix& z = grown(which, static_cast<int>(d));
  Matrix out(X.rows(), d);
  multiply(X.data(), d, z.data(), z.cols(), out.data(), d, X.rows(), d, d);
  out /= std::sqrt(static_cast<double>(d));
  return out;
}

MultiHeadProjections random_projections(int d_model, std::uint64_t seed) {
  ProjectionDraws draws(seed);
  return {draws.matrix(ProjectionMatrix::Query, d_model), draws.matrix(ProjectionMatrix::Key, d_model),
          draws.matrix(ProjectionMatrix::Value, d_model), draws.matrix(ProjectionMatrix::Output, d_model)};
}

}  // namespace atlas
