// LayerNorm over the last dimension (Ba et al. 2016), forward and backward,
// for the rows of a (T x D) activation.
//
//   xhat = (x - mean(x)) * rstd,   rstd = 1 / sqrt(var(x) + 1e-5)   per row
//   h    = xhat o gain + bias
// The backward pass uses the cached xhat and rstd (llm.c's layernorm_backward):
//   dxhat = dh o gain
//   dx    = rstd * (dxhat - mean(dxhat) - xhat * mean(dxhat o xhat))   per row
// and accumulates dgain += sum_rows(dh o xhat), dbias += sum_rows(dh).
#pragma once

#include <Eigen/Dense>

namespace atlas::model {

template <typename S>
using LnMatrix = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename S>
using LnRow = Eigen::Matrix<S, 1, Eigen::Dynamic>;

template <typename S, typename Gain, typename Bias>
void layer_norm(const LnMatrix<S>& x, const Gain& gain, const Bias& bias, LnMatrix<S>& xhat,
                Eigen::Matrix<S, Eigen::Dynamic, 1>& rstd, LnMatrix<S>& h) {
  const auto n = x.rows();
  const S d = static_cast<S>(x.cols());
  xhat.resize(n, x.cols());
  rstd.resize(n);
  for (Eigen::Index t = 0; t < n; ++t) {
    const S mean = x.row(t).sum() / d;
    const auto centred = (x.row(t).array() - mean).matrix();
    const S var = centred.squaredNorm() / d;
    rstd(t) = S(1) / std::sqrt(var + S(1e-5));
    xhat.row(t) = centred * rstd(t);
  }
  h = (xhat.array().rowwise() * gain.array()).rowwise() + bias.array();
}

template <typename S, typename Gain, typename GradGain, typename GradBias>
LnMatrix<S> layer_norm_backward(const LnMatrix<S>& dh, const LnMatrix<S>& xhat,
                                const Eigen::Matrix<S, Eigen::Dynamic, 1>& rstd, const Gain& gain,
                                GradGain&& dgain, GradBias&& dbias) {
  dgain += dh.cwiseProduct(xhat).colwise().sum();
  dbias += dh.colwise().sum();
  const LnMatrix<S> dxhat = dh.array().rowwise() * gain.array();
  LnMatrix<S> dx(dh.rows(), dh.cols());
  const S d = static_cast<S>(dh.cols());
  for (Eigen::Index t = 0; t < dh.rows(); ++t) {
    const S mean_d = dxhat.row(t).sum() / d;
    const S mean_dx = dxhat.row(t).dot(xhat.row(t)) / d;
    dx.row(t) = (rstd(t) * ((dxhat.row(t).array() - mean_d) - xhat.row(t).array() * mean_dx)).matrix();
  }
  return dx;
}

}  // namespace atlas::model
