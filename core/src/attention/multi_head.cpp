#include "atlas/attention/multi_head.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/products.hpp"
#include "atlas/attention/random.hpp"

namespace atlas {
namespace {

void require_square(const Matrix& w, Eigen::Index d, const std::string& name) {
  if (w.rows() != d || w.cols() != d) {
    throw ArgumentError(name, name + " is " + shape_of(w) + "; expected d_model x d_model = " +
                                std::to_string(d) + " x " + std::to_string(d));
  }
  require_finite(w, name);
}

}  // namespace

MultiHeadProjections random_projections(int d_model, std::uint64_t seed) {
  require_in_range(d_model, 1, kMaxModel, "d_model");
  // The stream of self_attention.cpp ("proj"), so one head reproduces it; drawn by the
  // ziggurat, since at d_model = 1024 the four matrices are four million draws (random.hpp).
  Rng rng(mix_seed(seed, 0x70726F6A));
  const double stddev = 1.0 / std::sqrt(static_cast<double>(d_model));
  MultiHeadProjections p;
  p.Wq = ziggurat_matrix(d_model, d_model, rng, stddev);
  p.Wk = ziggurat_matrix(d_model, d_model, rng, stddev);
  p.Wv = ziggurat_matrix(d_model, d_model, rng, stddev);
  p.Wo = ziggurat_matrix(d_model, d_model, rng, stddev);
  return p;
}

MultiHeadResult multi_head_attention(const Matrix& X, const MultiHeadProjections& projections,
                                     int heads, const std::optional<Matrix>& mask) {
  require_finite(X, "X");
  const Eigen::Index d = X.cols();
  require_in_range(heads, 1, static_cast<int>(d), "heads");
  if (d % heads != 0) {
    throw ArgumentError("d_model", "d_model (" + std::to_string(d) + ") must be a multiple of heads (" +
                                std::to_string(heads) + "): each head gets d_k = d_model / heads " +
                                "dimensions");
  }
  require_square(projections.Wq, d, "W_Q");
  require_square(projections.Wk, d, "W_K");
  require_square(projections.Wv, d, "W_V");
  require_square(projections.Wo, d, "W_O");

  MultiHeadResult out;
  out.d_k = static_cast<int>(d / heads);
  // Project once at full width, then take each head's column block: the same
  // numbers as X times each head's own (d_model x d_k) block.
  const Matrix Q = product(X, projections.Wq), K = product(X, projections.Wk), V = product(X, projections.Wv);
  out.concat.resize(X.rows(), d);
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
  out.output = product(out.concat, projections.Wo);
  return out;
}

}  // namespace atlas
