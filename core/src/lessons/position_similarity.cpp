#include "atlas/lessons/position_similarity.hpp"

#include <stdexcept>
#include <string>

#include "atlas/attention/positional.hpp"

namespace atlas {
namespace {

// what: "dims" or "positions"; limit: the exclusive upper bound; meaning: what the bound is.
void require_indices(const std::vector<int>& list, int limit, const std::string& what,
                     const std::string& meaning) {
  if (list.empty() || static_cast<int>(list.size()) > kMaxSeries) {
    throw std::invalid_argument(what + " must list 1 to " + std::to_string(kMaxSeries) +
                                " entries; got " + std::to_string(list.size()));
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i] < 0 || list[i] >= limit) {
      throw std::invalid_argument(what + "[" + std::to_string(i) + "] is " +
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

  // S is symmetric: compute the lower triangle only (half of the O(n^2 d) work,
  // which dominates at n = d = 512) and mirror it, so S(p, q) == S(q, p) exactly.
  out.similarity = Matrix::Zero(n, n);
  out.similarity.selfadjointView<Eigen::Lower>().rankUpdate(out.encoding);
  out.similarity.triangularView<Eigen::StrictlyUpper>() = out.similarity.transpose();
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
