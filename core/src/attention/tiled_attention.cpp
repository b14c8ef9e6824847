#include "atlas/attention/tiled_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/products.hpp"
#include "atlas/attention/vector_exp.hpp"

namespace atlas {
namespace {

int blocks_of(Eigen::Index length, int block) { return static_cast<int>((length + block - 1) / block); }

// True when every entry of the mask's tile is 1 (blocked).
bool tile_blocked(const Matrix& mask, Eigen::Index r0, Eigen::Index rows, Eigen::Index c0, Eigen::Index cols) {
  return (mask.block(r0, c0, rows, cols).array() != 0.0).all();
}

}  // namespace

TiledAttentionResult attention_tiled(const Matrix& Q, const Matrix& K, const Matrix& V, int block_rows,
                                     int block_cols, const std::optional<Matrix>& mask, bool trace) {
  require_finite(Q, "Q");
  require_finite(K, "K");
  require_finite(V, "V");
  if (K.cols() != Q.cols()) {
    throw ArgumentError("K", "K is " + shape_of(K) + " but Q is " + shape_of(Q) +
                                "; K needs as many columns as Q (d_k = " + std::to_string(Q.cols()) + ")");
  }
  if (V.rows() != K.rows()) {
    throw ArgumentError("V", "V is " + shape_of(V) + " but K is " + shape_of(K) +
                                "; V needs one row per key (m = " + std::to_string(K.rows()) + ")");
  }
  require_in_range(block_rows, 1, kMaxSequence, "blockRows");
  require_in_range(block_cols, 1, kMaxSequence, "blockCols");
  const Eigen::Index n = Q.rows(), m = K.rows(), dv = V.cols();
  if (mask) require_mask(*mask, n, m);

  TiledAttentionResult r;
  r.row_blocks = blocks_of(n, block_rows);
  r.col_blocks = blocks_of(m, block_cols);
  r.tiles = r.row_blocks * r.col_blocks;
  if (trace && r.tiles > kMaxTraceTiles) {
    throw std::invalid_argument("a trace of " + std::to_string(r.tiles) + " tiles is more than " +
                                std::to_string(kMaxTraceTiles) + "; use larger blockRows or blockCols");
  }
  const double root_d = std::sqrt(static_cast<double>(Q.cols()));
  const double minus_infinity = -std::numeric_limits<double>::infinity();
  r.m = Vector::Constant(n, minus_infinity);  // Algorithm 1 line 2: m = -infinity, l = 0, O = 0
  r.l = Vector::Zero(n);
  r.output = Matrix::Zero(n, dv);             // holds a_r (unnormalised) until the end
  const Eigen::Index tile_rows = std::min<Eigen::Index>(block_rows, n);
  const Eigen::Index tile_cols = std::min<Eigen::Index>(block_cols, m);
  Matrix tile(tile_rows, tile_cols);          // S_ij, then exp(S_ij - m'), in place
  r.working_bytes = static_cast<long>(sizeof(double)) * (tile.size() + r.m.size() + r.l.size());
  if (trace) r.trace.reserve(static_cast<std::size_t>(r.tiles));

  for (int j = 0; j < r.col_blocks; ++j) {
    const Eigen::Index c0 = static_cast<Eigen::Index>(j) * block_cols;
    const Eigen::Index cols = std::min<Eigen::Index>(block_cols, m - c0);
    for (int i = 0; i < r.row_blocks; ++i) {
      const Eigen::Index r0 = static_cast<Eigen::Index>(i) * block_rows;
      const Eigen::Index rows = std::min<Eigen::Index>(block_rows, n - r0);
      const bool skipped = mask && tile_blocked(*mask, r0, rows, c0, cols);
      if (skipped) {
        ++r.skipped_tiles;
      } else {
        auto S = tile.topLeftCorner(rows, cols);  // S_ij (rows x cols) = Q_i K_j^T / sqrt(d_k)
        multiply(Q.row(r0).data(), Q.cols(), K.row(c0).data(), K.cols(), S.data(), tile.cols(), rows, Q.cols(), cols,
                 {/*b_transposed=*/true});
        S /= root_d;
        if (!S.allFinite()) {
          throw ArgumentError("Q", "Q K^T / sqrt(d_k) overflows to infinity; Q and K are too large (scale them down)");
        }
        for (Eigen::Index a = 0; a < rows; ++a) {
          double* s = S.row(a).data();  // contiguous: the tile is row-major and S spans its first cols columns of a row
          const double* blocked = mask ? mask->row(r0 + a).data() + c0 : nullptr;
          double tile_max = minus_infinity;  // the largest allowed score of this row in this tile
          for (Eigen::Index c = 0; c < cols; ++c) {
            if (!blocked || blocked[c] == 0.0) tile_max = std::max(tile_max, s[c]);
          }
          if (tile_max == minus_infinity) {  // no allowed key here: the row's m, l, a stay
            S.row(a).setZero();              // (and it adds nothing to a below)
            continue;
          }
          const Eigen::Index row = r0 + a;
          const double m_new = std::max(r.m(row), tile_max);
          // exp(m_old - m_new) <= 1 rescales what was summed under the old maximum
          // (0 before the first allowed key: m_old = -infinity, and l = a = 0 anyway).
          const double rescale = std::exp(r.m(row) - m_new);
          for (Eigen::Index c = 0; c < cols; ++c) s[c] -= m_new;
          exp_in_place(s, cols);
          if (blocked) {
            for (Eigen::Index c = 0; c < cols; ++c) s[c] = blocked[c] != 0.0 ? 0.0 : s[c];
          }
          double tile_sum = 0.0;
          for (Eigen::Index c = 0; c < cols; ++c) tile_sum += s[c];
          r.l(row) = rescale * r.l(row) + tile_sum;
          r.m(row) = m_new;
          r.output.row(row) *= rescale;
        }
        // a_r = rescale a_r + exp(S_ij - m') V_j, the tile's rows at once (a was rescaled above)
        multiply(S.data(), tile.cols(), V.row(c0).data(), dv, r.output.row(r0).data(), dv, rows, cols, dv,
                 {/*b_transposed=*/false, /*accumulate=*/true});
      }
      if (trace) {
        TileStep t;
        t.row_block = i;
        t.col_block = j;
        t.row_start = static_cast<int>(r0);
        t.row_count = static_cast<int>(rows);
        t.col_start = static_cast<int>(c0);
        t.col_count = static_cast<int>(cols);
        t.skipped = skipped;
        t.m = r.m.segment(r0, rows);
        t.l = r.l.segment(r0, rows);
        t.partial = Matrix::Zero(rows, dv);
        for (Eigen::Index a = 0; a < rows; ++a) {
          if (t.l(a) > 0.0) t.partial.row(a) = r.output.row(r0 + a) / t.l(a);
        }
        r.trace.push_back(std::move(t));
      }
    }
  }
  for (Eigen::Index row = 0; row < n; ++row) {
    if (r.l(row) > 0.0) r.output.row(row) /= r.l(row);  // l >= 1: the row's maximum contributed exp(0)
  }
  if (!all_finite(r.output)) {
    throw ArgumentError("V", "weights V overflows to infinity; V is too large (scale it down)");
  }
  return r;
}

}  // namespace atlas
