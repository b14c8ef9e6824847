#include "atlas/attention/grouped_query.hpp"

#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/products.hpp"

namespace atlas {
namespace {

// heads and kv_heads checked, and the head width d_k of a projection `width` columns wide.
int head_width(Eigen::Index width, int heads, int kv_heads, const std::string& name) {
  require_in_range(heads, 1, kMaxModel, "heads");
  require_in_range(kv_heads, 1, heads, "kv_heads");
  if (heads % kv_heads != 0) {
    throw std::invalid_argument("kv_heads (" + std::to_string(kv_heads) + ") must divide heads (" +
                                std::to_string(heads) + "): each key/value head serves the same " +
                                "number of query heads");
  }
  if (width % heads != 0 || width == 0) {
    throw std::invalid_argument(name + " has " + std::to_string(width) +
                                " columns; expected heads * d_k, a multiple of heads (" +
                                std::to_string(heads) + ")");
  }
  return static_cast<int>(width / heads);
}

void require_shape(const Matrix& w, Eigen::Index rows, Eigen::Index cols, const std::string& name) {
  if (w.rows() != rows || w.cols() != cols) {
    throw std::invalid_argument(name + " is " + shape_of(w) + "; expected " + std::to_string(rows) +
                                " x " + std::to_string(cols));
  }
  require_finite(w, name);
}

}  // namespace

GroupedQueryResult grouped_query_attention(const Matrix& X, const GroupedQueryProjections& p,
                                           int heads, int kv_heads, const std::optional<Matrix>& mask) {
  require_finite(X, "X");
  const int d_k = head_width(p.Wq.cols(), heads, kv_heads, "W_Q");
  const Eigen::Index d = X.cols();
  require_shape(p.Wq, d, static_cast<Eigen::Index>(heads) * d_k, "W_Q");
  require_shape(p.Wk, d, static_cast<Eigen::Index>(kv_heads) * d_k, "W_K");
  require_shape(p.Wv, d, static_cast<Eigen::Index>(kv_heads) * d_k, "W_V");
  require_shape(p.Wo, static_cast<Eigen::Index>(heads) * d_k, d, "W_O");

  GroupedQueryResult out;
  out.d_k = d_k;
  const Matrix Q = product(X, p.Wq), K = product(X, p.Wk), V = product(X, p.Wv);
  for (int k = 0; k < kv_heads; ++k) {
    out.K.push_back(K.middleCols(static_cast<Eigen::Index>(k) * d_k, d_k));
    out.V.push_back(V.middleCols(static_cast<Eigen::Index>(k) * d_k, d_k));
  }
  const int per_group = heads / kv_heads;
  out.concat.resize(X.rows(), static_cast<Eigen::Index>(heads) * d_k);
  for (int j = 0; j < heads; ++j) {
    const int g = j / per_group;
    out.group.push_back(g);
    out.Q.push_back(Q.middleCols(static_cast<Eigen::Index>(j) * d_k, d_k));
    out.heads.push_back(attention(out.Q.back(), out.K[g], out.V[g], mask));
    out.concat.middleCols(static_cast<Eigen::Index>(j) * d_k, d_k) = out.heads.back().output;
  }
  out.output = product(out.concat, p.Wo);
  // Finite heads times a finite W_O can still round past the largest double (found by fuzz_grouped_query).
  if (!all_finite(out.output)) {
    throw ArgumentError("W_O", "concat W_O overflows to infinity; X or the projections are too large (scale them down)");
  }
  return out;
}

Matrix pool_key_value_heads(const Matrix& W, int heads, int kv_heads) {
  require_finite(W, "W");
  const int d_k = head_width(W.cols(), heads, kv_heads, "W");
  const int per_group = heads / kv_heads;
  Matrix pooled = Matrix::Zero(W.rows(), static_cast<Eigen::Index>(kv_heads) * d_k);
  for (int j = 0; j < heads; ++j) {
    pooled.middleCols(static_cast<Eigen::Index>(j / per_group) * d_k, d_k) +=
        W.middleCols(static_cast<Eigen::Index>(j) * d_k, d_k) / per_group;
  }
  return pooled;
}

}  // namespace atlas
