#include "atlas/lessons/rope_lesson.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/positional.hpp"
#include "atlas/attention/random.hpp"
#include "atlas/attention/rope.hpp"

namespace atlas {
namespace {

// The largest (max - min) along any diagonal m - n = c of a square matrix.
double largest_diagonal_spread(const Matrix& s) {
  const Eigen::Index n = s.rows();
  double spread = 0.0;
  for (Eigen::Index c = -(n - 1); c <= n - 1; ++c) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (Eigen::Index m = std::max<Eigen::Index>(0, c); m < n && m - c < n; ++m) {
      lo = std::min(lo, s(m, m - c));
      hi = std::max(hi, s(m, m - c));
    }
    spread = std::max(spread, hi - lo);
  }
  return spread;
}

// (count x d): `row` repeated, rotated at positions first .. first + count - 1.
Matrix rotated_run(const Vector& row, int first, int count, double base, double scale) {
  const Matrix X = row.transpose().replicate(count, 1);
  const Vector positions = Vector::LinSpaced(count, first, first + count - 1);
  return rope_rotate(X, positions, base, scale);
}

}  // namespace

RopeLessonResult rope_lesson(const RopeLessonOptions& o) {
  require_in_range(o.d, 2, 256, "d");
  require_in_range(o.positions, 2, 64, "positions");
  require_in_range(o.offset, 0, kMaxSequence - o.positions, "offset");
  require_in_range(o.scale, 1.0, 64.0, "scale");
  require_in_range(o.decay_offsets, 0, kMaxSequence, "decay_offsets");
  RopeLessonResult out;
  out.theta = rope_frequencies(o.d, o.base);  // checks d even and base > 1
  require_in_range(o.pair, 0, o.d / 2 - 1, "pair");

  const int d = o.d, n = o.positions;
  const double root_d = std::sqrt(static_cast<double>(d));
  Rng rng(mix_seed(o.seed, 0x726F7065));  // "rope"
  const Vector x = normal_matrix(1, d, rng).row(0).transpose();
  const Matrix Wq = normal_matrix(d, d, rng, 1.0 / root_d);
  const Matrix Wk = normal_matrix(d, d, rng, 1.0 / root_d);
  out.q = Wq.transpose() * x;  // q = x W_q as a column
  out.k = Wk.transpose() * x;

  const Matrix Q = rotated_run(out.q, o.offset, n, o.base, o.scale);  // (n x d)
  const Matrix K = rotated_run(out.k, o.offset, n, o.base, o.scale);
  out.q_pair = Q.middleCols(2 * o.pair, 2);
  out.k_pair = K.middleCols(2 * o.pair, 2);
  out.scores = Q * K.transpose() / root_d;
  out.diagonal_spread = largest_diagonal_spread(out.scores);
  if (o.decay_offsets > 0) out.decay_bound = rope_decay_bound(d, o.base, o.scale, o.decay_offsets);

  // By distance: the query at the last position P, keys r = 0..n-1 back (rows of
  // the runs above run forwards, so key P - r is row n - 1 - r).
  const Matrix PE = positional_encoding(n, d, o.offset);  // positions offset..P
  const Matrix Xs = x.transpose().replicate(n, 1) + PE;
  const Matrix Qs = Xs * Wq, Ks = Xs * Wk;
  const double slope = 0.5;  // 2^(-8 h / H) for h = 1, H = 8
  const double plain = out.q.dot(out.k) / root_d;
  out.sinusoidal.resize(n);
  out.alibi.resize(n);
  out.rope.resize(n);
  for (int r = 0; r < n; ++r) {
    out.sinusoidal(r) = Qs.row(n - 1).dot(Ks.row(n - 1 - r)) / root_d;
    out.alibi(r) = plain - slope * r;
    out.rope(r) = out.scores(n - 1, n - 1 - r);
  }
  return out;
}

}  // namespace atlas
