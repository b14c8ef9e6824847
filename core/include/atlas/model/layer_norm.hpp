// LayerNorm over the last dimension (Ba et al. 2016), forward and backward,
// for the rows of an (n x D) activation.
//
//   normalized = (in - mean(in)) * rstd,   rstd = 1 / sqrt(var(in) + 1e-5)   per row
//   out        = normalized o gain + bias
// The 1e-5 keeps rstd finite on a constant row. The backward pass reuses the
// cached normalized rows and rstd (llm.c's layernorm_backward):
//   dnormalized = dout o gain
//   din         = rstd * (dnormalized - mean(dnormalized) - normalized * mean(dnormalized o normalized))
// and accumulates dgain += sum_rows(dout o normalized), dbias += sum_rows(dout).
#pragma once

#include <cmath>

#include "atlas/model/tensors.hpp"

namespace atlas::model {

// What the forward pass keeps for the backward pass.
template <typename S>
struct LayerNormCache {
  RowMatrix<S> normalized;  // (n x D)
  ColumnVector<S> rstd;     // (n)
  RowMatrix<S> out;         // (n x D), the layer's output
};

// in (n x D), gain and bias (D) -> cache.out (n x D)
template <typename S, typename Gain, typename Bias>
void layer_norm_forward(const RowMatrix<S>& in, const Gain& gain, const Bias& bias, LayerNormCache<S>& cache) {
  const auto rows = in.rows();
  const S width = static_cast<S>(in.cols());
  cache.normalized.resize(rows, in.cols());
  cache.rstd.resize(rows);
  for (Eigen::Index t = 0; t < rows; ++t) {
    const S mean = in.row(t).sum() / width;
    const auto centred = (in.row(t).array() - mean).matrix();
    const S var = centred.squaredNorm() / width;
    cache.rstd(t) = S(1) / std::sqrt(var + S(1e-5));
    cache.normalized.row(t) = centred * cache.rstd(t);
  }
  cache.out = (cache.normalized.array().rowwise() * gain.array()).rowwise() + bias.array();
}

// dout (n x D) -> din (n x D); accumulates dgain, dbias (D).
template <typename S, typename Gain, typename GradGain, typename GradBias>
RowMatrix<S> layer_norm_backward(const RowMatrix<S>& dout, const LayerNormCache<S>& cache, const Gain& gain,
                                 GradGain&& dgain, GradBias&& dbias) {
  dgain += dout.cwiseProduct(cache.normalized).colwise().sum();
  dbias += dout.colwise().sum();
  const RowMatrix<S> dnormalized = dout.array().rowwise() * gain.array();
  RowMatrix<S> din(dout.rows(), dout.cols());
  const S width = static_cast<S>(dout.cols());
  for (Eigen::Index t = 0; t < dout.rows(); ++t) {
    const S mean_dnormalized = dnormalized.row(t).sum() / width;
    const S mean_product = dnormalized.row(t).dot(cache.normalized.row(t)) / width;
    din.row(t) = (cache.rstd(t) * ((dnormalized.row(t).array() - mean_dnormalized) -
                                   cache.normalized.row(t).array() * mean_product)).matrix();
  }
  return din;
}

}  // namespace atlas::model
