// What every fuzz target checks on every input. A broken invariant prints
// what broke and aborts, which libFuzzer reports as a crash and saves the
// input (build/sanitize/fuzz-artifacts/), ready to become a Catch2 test.
//
// Contract under test (core/include/atlas/attention/check.hpp): a call either
// returns finite numbers or throws std::invalid_argument with a message. Any
// other exception escapes expect_ok_or_invalid, and libFuzzer reports it too.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "atlas/attention/matrix.hpp"

namespace atlas::fuzz {

inline void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

inline void require_finite(const Matrix& m, const char* what) { check(m.allFinite(), what); }
inline void require_finite(const Vector& v, const char* what) { check(v.allFinite(), what); }

// Every entry in [0, 1]; each row sums to 1 within tol, or is all zero when
// zero_rows_allowed (a fully blocked row of attention).
inline void require_distribution_rows(const Matrix& w, const char* what, bool zero_rows_allowed = false,
                                      double tol = 1e-9) {
  require_finite(w, what);
  check((w.array() >= 0.0).all() && (w.array() <= 1.0 + tol).all(), what);
  for (Eigen::Index r = 0; r < w.rows(); ++r) {
    const double sum = w.row(r).sum();
    check(std::abs(sum - 1.0) <= tol || (zero_rows_allowed && (w.row(r).array() == 0.0).all()), what);
  }
}

// Runs f(); a std::invalid_argument must carry a message. Returns whether f returned.
template <class F>
bool expect_ok_or_invalid(F&& f) {
  try {
    f();
    return true;
  } catch (const std::invalid_argument& e) {
    check(e.what()[0] != '\0', "std::invalid_argument without a message");
    return false;
  }
}

}  // namespace atlas::fuzz
