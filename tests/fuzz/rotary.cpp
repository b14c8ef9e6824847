// Fuzzes section 14's rotary position embedding (rope.hpp, rope_lesson.hpp):
// rope_frequencies, rope_rotate, rope_decay_bound and rope_lesson on fuzzed
// widths, bases, scales, positions and vectors. Invariants on top of the
// sanitizers:
//   the documented ranges are accepted and nothing else (d even in 2..kMaxModel,
//   base finite and > 1, scale 1..1e6, offsets 0..kMaxSequence);
//   theta_0 = 1 and theta falls strictly, within (0, 1];
//   a rotation keeps the length of every pair (for rows of modest size);
//   the score of a rotated q and k depends on m - n only: shifting both
//   positions by s changes it by rounding alone;
//   the decay bound starts at (d/2 + 1) / 2 and never exceeds it;
//   the lesson's scores are constant along each diagonal (diagonal_spread is rounding).
#include <algorithm>
#include <cmath>
#include <limits>

#include "atlas/attention/limits.hpp"
#include "atlas/attention/rope.hpp"
#include "atlas/lessons/rope_lesson.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using atlas::Matrix;
using atlas::Vector;
using namespace atlas::fuzz;

bool valid_width(int d) { return d >= 2 && d <= atlas::kMaxModel && d % 2 == 0; }
bool valid_base(double base) { return std::isfinite(base) && base > 1.0; }
bool valid_scale(double scale) { return std::isfinite(scale) && scale >= 1.0 && scale <= 1e6; }

// Mostly an even width, sometimes an odd or out-of-range one.
int width(FuzzedDataProvider& in) {
  const int d = size(in, 1, 16, atlas::kMaxModel);
  const bool make_even = in.ConsumeIntegralInRange(0, 7) != 0 && d < std::numeric_limits<int>::max();
  return make_even && d % 2 != 0 ? d + 1 : d;
}

void frequencies(FuzzedDataProvider& in) {
  const int d = width(in);
  const double base = number_in(in, 1.0, 1e7);
  const bool ok = expect_ok_or_invalid([&] {
    const Vector theta = atlas::rope_frequencies(d, base);
    check(theta.size() == d / 2, "one frequency per pair");
    require_finite(theta, "theta finite");
    check(theta(0) == 1.0, "theta_0 = base^0 = 1");
    for (Eigen::Index i = 1; i < theta.size(); ++i) {
      check(theta(i) > 0.0 && theta(i) <= theta(i - 1), "theta falls, and stays above 0");
    }
  });
  check(ok == (valid_width(d) && valid_base(base)), "rope_frequencies accepts exactly even d and base > 1");
}

double pair_norm(const Matrix& X, Eigen::Index r, int i) { return std::hypot(X(r, 2 * i), X(r, 2 * i + 1)); }

void rotate(FuzzedDataProvider& in) {
  const int n = in.ConsumeIntegralInRange(0, 6), d = 2 * in.ConsumeIntegralInRange(0, 8) + (in.ConsumeIntegralInRange(0, 15) == 0);
  const bool modest = in.ConsumeBool();
  Matrix X(n, d);
  for (Eigen::Index k = 0; k < X.size(); ++k) X.data()[k] = modest ? in.ConsumeFloatingPointInRange(-8.0, 8.0) : number(in);
  Vector positions(shape(in, n));
  for (Eigen::Index k = 0; k < positions.size(); ++k) {
    positions(k) = modest ? in.ConsumeIntegralInRange(0, 1 << 16) : number(in);
  }
  const double base = number_in(in, 1.5, 1e6), scale = number_in(in, 1.0, 64.0);
  expect_ok_or_invalid([&] {
    const Matrix Y = atlas::rope_rotate(X, positions, base, scale);
    check(Y.rows() == n && Y.cols() == d, "rotate keeps the shape");
    if (!modest) return;
    require_finite(Y, "a rotated modest row is finite");
    for (Eigen::Index r = 0; r < n; ++r) {
      for (int i = 0; i < d / 2; ++i) {
        check(std::abs(pair_norm(Y, r, i) - pair_norm(X, r, i)) <= 1e-12 * (1.0 + pair_norm(X, r, i)),
              "a rotation keeps each pair's length");
      }
    }
  });
}

// q . k after turning q to position m and k to position n, for one shift s of both.
void relative(FuzzedDataProvider& in) {
  const int d = 2 * in.ConsumeIntegralInRange(1, 16);
  Matrix qk(2, d);
  for (Eigen::Index k = 0; k < qk.size(); ++k) qk.data()[k] = in.ConsumeFloatingPointInRange(-4.0, 4.0);
  const int m = in.ConsumeIntegralInRange(0, 1024), n = in.ConsumeIntegralInRange(0, 1024);
  const int s = in.ConsumeIntegralInRange(0, atlas::kMaxSequence);
  const double base = in.ConsumeFloatingPointInRange(1.5, 1e6), scale = in.ConsumeFloatingPointInRange(1.0, 64.0);
  const auto score = [&](double shift) {
    Vector positions(2);
    positions << m + shift, n + shift;
    const Matrix Y = atlas::rope_rotate(qk, positions, base, scale);
    return Y.row(0).dot(Y.row(1));
  };
  // Angles of up to ~5000 radians carry ~1e-12 of rounding each, times |q| |k|.
  const double tol = 1e-9 * (1.0 + qk.row(0).norm() * qk.row(1).norm());
  check(std::abs(score(0) - score(s)) <= tol, "the score depends on m - n only");
}

void decay(FuzzedDataProvider& in) {
  const int d = width(in);
  const double base = number_in(in, 1.5, 1e6), scale = number_in(in, 1.0, 64.0);
  const int offsets = size(in, 0, 64, atlas::kMaxSequence);
  const bool ok = expect_ok_or_invalid([&] {
    const Vector bound = atlas::rope_decay_bound(d, base, scale, offsets);
    check(bound.size() == offsets + 1, "one bound per offset 0..offsets");
    require_finite(bound, "bound finite");
    const double top = (d / 2 + 1) / 2.0;
    check(std::abs(bound(0) - top) <= 1e-12 * top, "at offset 0 the bound is (d/2 + 1) / 2");
    check((bound.array() >= 0.0).all() && (bound.array() <= top * (1.0 + 1e-12)).all(), "the bound stays in 0 .. its start");
  });
  check(ok == (valid_width(d) && valid_base(base) && valid_scale(scale) && offsets >= 0 &&
               offsets <= atlas::kMaxSequence),
        "rope_decay_bound accepts exactly its documented ranges");
}

void lesson(FuzzedDataProvider& in) {
  atlas::RopeLessonOptions o;
  o.d = in.ConsumeIntegralInRange(0, 7) ? 2 * in.ConsumeIntegralInRange(1, 32) : size(in, 2, 64, 256);
  o.base = number_in(in, 1.5, 1e6);
  o.positions = size(in, 2, 16, 64);
  o.offset = size(in, 0, 4000, atlas::kMaxSequence);
  o.scale = number_in(in, 1.0, 64.0);
  o.pair = size(in, 0, 8, 128);
  o.decay_offsets = size(in, 0, 64, atlas::kMaxSequence);
  o.seed = in.ConsumeIntegral<std::uint64_t>();
  expect_ok_or_invalid([&] {
    const atlas::RopeLessonResult r = atlas::rope_lesson(o);
    check(r.scores.rows() == o.positions && r.scores.cols() == o.positions, "scores are positions x positions");
    require_finite(r.scores, "scores finite");
    require_finite(r.decay_bound, "decay bound finite");
    check(r.q_pair.rows() == o.positions && r.q_pair.cols() == 2, "q_pair is positions x 2");
    const double largest = r.scores.cwiseAbs().maxCoeff();
    check(r.diagonal_spread <= 1e-9 * (1.0 + largest), "scores are constant along each diagonal");
    check(r.rope.size() == o.positions && r.alibi.size() == o.positions && r.sinusoidal.size() == o.positions,
          "one score per distance");
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange(0, 4)) {
    case 0: frequencies(in); break;
    case 1: rotate(in); break;
    case 2: relative(in); break;
    case 3: decay(in); break;
    default: lesson(in); break;
  }
  return 0;
}
