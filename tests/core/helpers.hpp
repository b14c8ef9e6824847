// Shared helpers for the Catch2 tests of the core.
#pragma once

#include <catch2/catch.hpp>

#include "atlas/attention/matrix.hpp"
#include "atlas/attention/random.hpp"

namespace atlas::test {

inline Matrix random_matrix(int rows, int cols, std::uint64_t seed, double scale = 1.0) {
  Rng rng(seed);
  return normal_matrix(rows, cols, rng, scale);
}

// Every row sums to 1 within tol.
inline void require_stochastic_rows(const Matrix& w, double tol = 1e-12) {
  for (Eigen::Index r = 0; r < w.rows(); ++r) {
    INFO("row " << r);
    REQUIRE(w.row(r).sum() == Approx(1.0).margin(tol));
    REQUIRE(w.row(r).minCoeff() >= 0.0);
  }
}

}  // namespace atlas::test
