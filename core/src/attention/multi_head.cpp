#include "atlas/attention/multi_head.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/products.hpp"

namespace atlas {
namespace {

void require_square(const Matrix& w, Eigen::Index d, const std::string& name) {
  if (w.rows() != d || w.cols() != d) {
    throw ArgumentError(name, name + " is " + shape_of(w) + "; expected d_model x d_model = " +
                                std::to_string(d) + " x " + std::to_string(d));
  }
  require_finite(w, name);
}

// Heads in 1..d_model dividing d_model: checked before any product is taken.
void require_heads(Eigen::Index d, int heads) {
  require_in_range(heads, 1, static_cast<int>(d), "heads");
  if (d % heads != 0) {
    throw ArgumentError("d_model", "d_model (" + std::to_string(d) + ") must be a multiple of heads (" +
                                std::to_string(heads) + "): each head gets d_k = d_model / heads " +
                                "dimensions");
  }
}

// Each head's attention on its column block of the full-width Q, K, V (projected once at
// full width: the same numbers as X times each head's own d_model x d_k block), the
// concatenation, and output_of(concat).
template <typename Output>
MultiHeadResult heads_of(const Matrix& Q, const Matrix& K, const Matrix& V, int heads,
                         const std::optional<Matrix>& mask, Output output_of) {
  MultiHeadResult out;
  out.d_k = static_cast<int>(Q.cols() / heads);
  out.concat.resize(Q.rows(), Q.cols());
  out.heads.reserve(heads);
  for (int h = 0; h < heads; ++h) {
    const Eigen::Index c = static_cast<Eigen::Index>(h) * out.d_k;
    HeadResult head;
    head.Q = Q.middleCols(c, out.d_k);
    head.K = K.middleCols(c, out.d_k);
    head.V = V.middleCols(c, out.d_k);
    head.result = attention(head.Q, head.K, head.V, mask);
    out.concat.middleCols(c, out.d_k) = head.result.output;
    out.heads.push_back(std::move(head));
  }
  out.output = output_of(out.concat);
  return out;
}

}  // namespace

MultiHeadResult multi_head_attention(const Matrix& X, const MultiHeadProjections& projections,
                                     int heads, const std::optional<Matrix>& mask) {
  require_finite(X, "X");
  const Eigen::Index d = X.cols();
  require_heads(d, heads);
  require_square(projections.Wq, d, "W_Q");
  require_square(projections.Wk, d, "W_K");
  require_square(projections.Wv, d, "W_V");
  require_square(projections.Wo, d, "W_O");
  return heads_of(product(X, projections.Wq), product(X, projections.Wk), product(X, projections.Wv), heads,
                  mask, [&](const Matrix& concat) { return product(concat, projections.Wo); });
}

MultiHeadResult multi_head_attention(const Matrix& X, ProjectionDraws& draws, int heads,
                                     const std::optional<Matrix>& mask) {
  require_finite(X, "X");
  require_heads(X.cols(), heads);
  using P = ProjectionMatrix;
  return heads_of(draws.project(X, P::Query), draws.project(X, P::Key), draws.project(X, P::Value), heads, mask,
                  [&](const Matrix& concat) { return draws.project(concat, P::Output); });
}

}  // namespace atlas
