#include "atlas/lessons/position_similarity.hpp"

#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/positional.hpp"

namespace atlas {
namespace {

// what: "dims" or "positions"; limit: the exclusive upper bound; meaning: what the bound is.
void require_indices(const std::vector<int>& list, int limit, const std::string& what,
                     const std::string& meaning) {
  if (list.empty() || static_cast<int>(list.size()) > kMaxSeries) {
    throw ArgumentError(what, what + " must list 1 to " + std::to_string(kMaxSeries) +
                                " entries; got " + std::to_string(list.size()));
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i] < 0 || list[i] >= limit) {
      throw ArgumentError(what, what + "[" + std::to_string(i) + "] is " +
                                  std::to_string(list[i]) + "; expected 0 to " +
                                  std::to_string(limit - 1) + " (" + meaning + " = " +
                                  std::to_string(limit) + ")");
    }
  }
}

}  // namespace

PositionSimilarity position_similarity(int n, int d, const std::vector<int>& dims,
                                       const std::vector<int>& positions) {
  PositionSimilarity out;
  out.encoding = positional_encoding(n, d);  // checks n and d
  require_indices(dims, d, "dims", "d");
  require_indices(positions, n, "positions", "n");

  // The paired columns (sin, cos of one frequency) give PE(p) . PE(q) = PE(|p - q|) . PE(0)
  // (see the header), so one dot product per offset, O(n d), fills all of S; an
  // unpaired last column (odd d) adds its own product sin(p w) sin(q w), O(n^2).
  // S(p, q) == S(q, p) exactly, as the figure's symmetry requires.
  const Eigen::Index paired = d - d % 2;
  const Eigen::VectorXd by_offset =
      out.encoding.leftCols(paired) * out.encoding.row(0).head(paired).transpose();
  out.similarity.resize(n, n);
  for (Eigen::Index p = 0; p < n; ++p) {
    for (Eigen::Index q = 0; q < n; ++q) out.similarity(p, q) = by_offset(p > q ? p - q : q - p);
  }
  if (paired < d) out.similarity.noalias() += out.encoding.col(d - 1) * out.encoding.col(d - 1).transpose();
  out.dimensions.resize(static_cast<Eigen::Index>(dims.size()), n);
  for (std::size_t r = 0; r < dims.size(); ++r) {
    out.dimensions.row(static_cast<Eigen::Index>(r)) = out.encoding.col(dims[r]).transpose();
  }
  out.rows.resize(static_cast<Eigen::Index>(positions.size()), n);
  for (std::size_t r = 0; r < positions.size(); ++r) {
    out.rows.row(static_cast<Eigen::Index>(r)) = out.similarity.row(positions[r]);
  }
  return out;
}

}  // namespace atlas
