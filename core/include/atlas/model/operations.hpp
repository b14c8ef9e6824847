// The model's operations, each a forward/backward pair side by side, as
// llm.c's train_gpt2.c writes them: embedding, linear maps (the q/k/v and
// output projections, the MLP's layers, the logits), GELU, the MLP, the
// residual connection, and the softmax with its cross-entropy loss. LayerNorm
// is in layer_norm.hpp, attention in causal_attention.hpp.
//
// Shapes: n positions, D model width, F = 4 D the MLP's width, V vocabulary,
// T context. A backward function returns the gradient of its input and
// accumulates (+=) into its parameters' gradients, because a batch's gradient
// is the sum over its sequences.
// Non-goals: batched kernels, fused operations.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "atlas/model/tensors.hpp"

namespace atlas::model {

// ---- Embedding: out (n x D), out[t] = wte[tokens[t]] + wpe[first_position + t]
// wte (V x D), wpe (T x D). A decoding step embeds one token at its position.
template <typename S, typename Wte, typename Wpe>
RowMatrix<S> embedding_forward(const std::vector<int>& tokens, int first_position, const Wte& wte, const Wpe& wpe) {
  RowMatrix<S> out(static_cast<Eigen::Index>(tokens.size()), wte.cols());
  for (std::size_t t = 0; t < tokens.size(); ++t)
    out.row(static_cast<Eigen::Index>(t)) = wte.row(tokens[t]) + wpe.row(first_position + static_cast<int>(t));
  return out;
}
// dout (n x D): dwte[tokens[t]] += dout[t], dwpe[t] += dout[t] (positions from 0).
template <typename S, typename GradWte, typename GradWpe>
void embedding_backward(const RowMatrix<S>& dout, const std::vector<int>& tokens, GradWte&& dwte, GradWpe&& dwpe) {
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    dwte.row(tokens[t]) += dout.row(static_cast<Eigen::Index>(t));
    dwpe.row(static_cast<Eigen::Index>(t)) += dout.row(static_cast<Eigen::Index>(t));
  }
}

// ---- Linear map: out (n x m) = in (n x k) weight (k x m) [+ bias (m) on every row]
// A few float rows (a decoding step has one) against a row-major weight go through
// row_product (row_product.cpp: explicit 4-float vectors). Eigen's matrix-vector product has
// no WebAssembly SIMD kernel and ran one float at a time. Many rows stay Eigen's blocked product.
constexpr Eigen::Index kRowProductRows = 4;
// out (rows x m) = in (rows x k, row-major) weight (k x m, row-major with row stride `stride`).
void row_product(const float* in, Eigen::Index rows, Eigen::Index k, const float* weight, Eigen::Index stride, Eigen::Index m,
                 float* out);
// out[j] = x (k) . row j of rows (count x k, row-major with row stride `stride`): a decoding
// step's scores against the cached keys.
void row_dots(const float* x, Eigen::Index k, const float* rows, Eigen::Index stride, Eigen::Index count, float* out);
template <typename S, typename Weight>
RowMatrix<S> linear_forward(const RowMatrix<S>& in, const Weight& weight) {
  if constexpr (std::is_same_v<S, float> && static_cast<bool>(Weight::IsRowMajor) &&
                (Eigen::internal::traits<Weight>::Flags & Eigen::DirectAccessBit) != 0) {
    if (in.rows() <= kRowProductRows) {
      RowMatrix<S> out(in.rows(), weight.cols());
      row_product(in.data(), in.rows(), in.cols(), weight.data(), weight.outerStride(), weight.cols(), out.data());
      return out;
    }
  }
  return in * weight;
}
template <typename S, typename Weight, typename Bias>
RowMatrix<S> linear_forward(const RowMatrix<S>& in, const Weight& weight, const Bias& bias) {
  RowMatrix<S> out = linear_forward(in, weight);
  out.rowwise() += bias;
  return out;
}
// dout (n x m) -> din (n x k) = dout weight^T; dweight (k x m) += in^T dout.
template <typename S, typename Weight, typename GradWeight>
RowMatrix<S> linear_backward(const RowMatrix<S>& dout, const RowMatrix<S>& in, const Weight& weight, GradWeight&& dweight) {
  dweight.noalias() += in.transpose() * dout;
  return dout * weight.transpose();
}
// ... and dbias (m) += the column sums of dout.
template <typename S, typename Weight, typename GradWeight, typename GradBias>
RowMatrix<S> linear_backward(const RowMatrix<S>& dout, const RowMatrix<S>& in, const Weight& weight, GradWeight&& dweight,
                             GradBias&& dbias) {
  dbias += dout.colwise().sum();
  return linear_backward(dout, in, weight, dweight);
}

// ---- Query, key and value projections of one block's normalized input:
// query = in wq, key = in wk, value = in wv, each (n x D); in (n x D), w* (D x D).
template <typename S>
struct Projections {
  RowMatrix<S> query, key, value;
};
template <typename S, typename Weight>
Projections<S> qkv_forward(const RowMatrix<S>& in, const Weight& wq, const Weight& wk, const Weight& wv) {
  return {linear_forward(in, wq), linear_forward(in, wk), linear_forward(in, wv)};
}
// The input feeds all three, so its gradient is the sum of the three paths.
template <typename S, typename Weight, typename GradWeight>
RowMatrix<S> qkv_backward(const Projections<S>& dprojections, const RowMatrix<S>& in, const Weight& wq, const Weight& wk,
                          const Weight& wv, GradWeight&& dwq, GradWeight&& dwk, GradWeight&& dwv) {
  RowMatrix<S> din = linear_backward(dprojections.query, in, wq, dwq);
  din += linear_backward(dprojections.key, in, wk, dwk);
  din += linear_backward(dprojections.value, in, wv, dwv);
  return din;
}

// ---- GELU, tanh form (Hendrycks & Gimpel 2016, sec. 2), as GPT-2 uses:
// gelu(u) = u/2 (1 + tanh(sqrt(2/pi) (u + 0.044715 u^3))), elementwise.
constexpr double kGeluScale = 0.7978845608028654;  // sqrt(2 / pi)
constexpr double kGeluCubic = 0.044715;
// tanh is Eigen's array tanh: for float a rational approximation within float rounding of
// std::tanh (Eigen's generic_fast_tanh_float), multiply-adds the compiler vectorises, where
// std::tanh (expm1f) was a third of a forward pass of the trained model; double keeps std::tanh.
template <typename S>
auto gelu_tanh(const RowMatrix<S>& pre) {
  const auto u = pre.array();
  return (S(kGeluScale) * (u + S(kGeluCubic) * u.cube())).tanh();
}
template <typename S>
RowMatrix<S> gelu_forward(const RowMatrix<S>& pre) {
  return (S(0.5) * pre.array() * (S(1) + gelu_tanh(pre))).matrix();
}
// dout -> dpre = dout o gelu'(pre), with gelu' the derivative of the formula above.
template <typename S>
RowMatrix<S> gelu_backward(const RowMatrix<S>& dout, const RowMatrix<S>& pre) {
  const auto u = pre.array();
  const Eigen::Array<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> t = gelu_tanh(pre);
  return (dout.array() * (S(0.5) * (S(1) + t) +
                          S(0.5) * u * (S(1) - t * t) * S(kGeluScale) * (S(1) + S(3 * kGeluCubic) * u * u))).matrix();
}

// ---- MLP: out (n x D) = gelu(in w1 + b1) w2 + b2; in (n x D), w1 (D x F), b1 (F), w2 (F x D), b2 (D).
template <typename S>
struct MlpCache {
  RowMatrix<S> pre;         // (n x F), in w1 + b1
  RowMatrix<S> activation;  // (n x F), gelu(pre)
};
template <typename S, typename W1, typename B1, typename W2, typename B2>
RowMatrix<S> mlp_forward(const RowMatrix<S>& in, const W1& w1, const B1& b1, const W2& w2, const B2& b2, MlpCache<S>& cache) {
  cache.pre = linear_forward(in, w1, b1);
  cache.activation = gelu_forward(cache.pre);
  return linear_forward(cache.activation, w2, b2);
}
template <typename S, typename W1, typename W2, typename GradW1, typename GradB1, typename GradW2, typename GradB2>
RowMatrix<S> mlp_backward(const RowMatrix<S>& dout, const RowMatrix<S>& in, const MlpCache<S>& cache, const W1& w1, const W2& w2,
                          GradW1&& dw1, GradB1&& db1, GradW2&& dw2, GradB2&& db2) {
  const RowMatrix<S> dactivation = linear_backward(dout, cache.activation, w2, dw2, db2);
  return linear_backward(gelu_backward(dactivation, cache.pre), in, w1, dw1, db1);
}

// ---- Residual connection: out = stream + branch, where branch was computed
// from stream. Backward: the gradient reaches stream twice, once directly and
// once through the branch: dstream = dout + (dout carried back through the branch).
template <typename S>
RowMatrix<S> residual_forward(const RowMatrix<S>& stream, const RowMatrix<S>& branch) {
  return stream + branch;
}
template <typename S>
RowMatrix<S> residual_backward(const RowMatrix<S>& dout, const RowMatrix<S>& dstream_through_branch) {
  return dout + dstream_through_branch;
}

// ---- Softmax of the logits and the next-token cross-entropy.
// logits (n x V) -> probs (n x V), row-wise. Subtracting the row's maximum
// before exp keeps every exp <= 1, so no logit scale overflows.
template <typename S>
RowMatrix<S> softmax_forward(const RowMatrix<S>& logits) {
  RowMatrix<S> probs = logits;
  for (Eigen::Index t = 0; t < probs.rows(); ++t) {
    auto row = probs.row(t);
    row = (row.array() - row.maxCoeff()).exp().matrix();
    row /= row.sum();
  }
  return probs;
}
// Loss at t = 0 .. n-2: -log probs[t][tokens[t + 1]] (nats); the last position predicts nothing.
template <typename S>
std::vector<double> cross_entropy_forward(const RowMatrix<S>& probs, const std::vector<int>& tokens) {
  std::vector<double> losses;
  for (std::size_t t = 0; t + 1 < tokens.size(); ++t) {
    // probs >= exp(-(max - min logit)) > 0 in exact arithmetic; the floor only
    // guards float underflow so that a confident mistake costs a large finite loss.
    const double prob = std::max(static_cast<double>(probs(static_cast<Eigen::Index>(t), tokens[t + 1])), 1e-30);
    losses.push_back(-std::log(prob));
  }
  return losses;
}
// d (scale * sum_t loss_t) / d logits = scale * (probs - onehot(tokens[t + 1])) per
// predicting row (n x V); the last row predicts nothing and gets 0.
template <typename S>
RowMatrix<S> softmax_cross_entropy_backward(const RowMatrix<S>& probs, const std::vector<int>& tokens, S scale) {
  RowMatrix<S> dlogits = probs;
  const Eigen::Index n = probs.rows();
  for (Eigen::Index t = 0; t + 1 < n; ++t) dlogits(t, tokens[static_cast<std::size_t>(t + 1)]) -= S(1);
  dlogits.row(n - 1).setZero();
  return dlogits * scale;
}

}  // namespace atlas::model
