#include "atlas/model/transformer.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/random.hpp"
#include "atlas/model/limits.hpp"

namespace atlas::model {

void validate(const ModelShape& s) {
  require_option(s.layers, kLayers, "layers");
  require_option(s.heads, kHeads, "heads");
  require_option(s.d_model, kDModel, "dModel");
  if (s.d_model % s.heads != 0) {
    throw ArgumentError("heads", "heads must divide dModel; got dModel " + std::to_string(s.d_model) +
                                     " and heads " + std::to_string(s.heads));
  }
  require_option(s.context, kShapeContext, "context");
  require_option(s.vocab, kShapeVocab, "vocab");
}

Offsets offsets_of(const ModelShape& s) {
  const std::int64_t D = s.d_model, F = 4 * D;
  Offsets o{};
  std::int64_t at = 0;
  auto take = [&at](std::int64_t size) {
    const std::int64_t start = at;
    at += size;
    return start;
  };
  o.wte = take(s.vocab * D);
  o.wpe = take(s.context * D);
  for (int l = 0; l < s.layers; ++l) {
    LayerOffsets layer{};
    layer.ln1_g = take(D);
    layer.ln1_b = take(D);
    layer.wq = take(D * D);
    layer.wk = take(D * D);
    layer.wv = take(D * D);
    layer.wo = take(D * D);
    layer.ln2_g = layer.ln2_b = layer.w1 = layer.b1 = layer.w2 = layer.b2 = -1;
    if (s.mlp) {
      layer.ln2_g = take(D);
      layer.ln2_b = take(D);
      layer.w1 = take(D * F);
      layer.b1 = take(F);
      layer.w2 = take(F * D);
      layer.b2 = take(D);
    }
    o.layer.push_back(layer);
  }
  o.lnf_g = take(D);
  o.lnf_b = take(D);
  o.wu = take(D * s.vocab);
  o.total = at;
  return o;
}

std::int64_t parameter_count(const ModelShape& shape) {
  validate(shape);
  return offsets_of(shape).total;
}

std::vector<char> weight_decay_mask(const ModelShape& shape, const Offsets& o) {
  std::vector<char> mask(static_cast<std::size_t>(o.total), 0);
  const std::int64_t D = shape.d_model, F = 4 * D;
  auto on = [&mask](std::int64_t at, std::int64_t count) {
    for (std::int64_t i = 0; i < count; ++i) mask[static_cast<std::size_t>(at + i)] = 1;
  };
  on(o.wte, shape.vocab * D);
  on(o.wpe, shape.context * D);
  for (const LayerOffsets& layer : o.layer) {
    on(layer.wq, D * D);
    on(layer.wk, D * D);
    on(layer.wv, D * D);
    on(layer.wo, D * D);
    if (shape.mlp) {
      on(layer.w1, D * F);
      on(layer.w2, F * D);
    }
  }
  on(o.wu, D * shape.vocab);
  return mask;
}

namespace {

void check_extra_mask(const Matrix& blocked, int n) {
  if (blocked.rows() != n || blocked.cols() != n)
    throw ArgumentError("mask", "mask must be " + std::to_string(n) + " x " + std::to_string(n) + " (the text's length); got " +
                        std::to_string(blocked.rows()) + " x " + std::to_string(blocked.cols()));
  for (int i = 0; i < n; ++i) {
    bool open = false;
    for (int j = 0; j < n; ++j) {
      const double entry = blocked(i, j);
      if (entry != 0.0 && entry != 1.0)
        throw ArgumentError("mask", "mask entries must be 0 (open) or 1 (blocked); got " + std::to_string(entry) + " at row " +
                            std::to_string(i) + ", column " + std::to_string(j));
      open = open || (j <= i && entry == 0.0);
    }
    if (!open) throw ArgumentError("mask", "mask blocks every key of row " + std::to_string(i) + ": a query needs a key at or before it");
  }
}

}  // namespace

template <typename S>
Transformer<S>::Transformer(const ModelShape& shape) : shape_(shape) {
  validate(shape_);
  offsets_ = offsets_of(shape_);
  params_.assign(static_cast<std::size_t>(offsets_.total), S(0));
  ablated_.assign(static_cast<std::size_t>(shape_.layers * shape_.heads), 0);
}

template <typename S>
void Transformer<S>::initialize(std::uint64_t seed) {
  Rng rng(seed);
  const ModelShape& s = shape_;
  const std::int64_t D = s.d_model, F = 4 * D;
  const double out_scale = 1.0 / std::sqrt(2.0 * s.layers);
  const double qkv = 0.1;
  auto normal = [&](std::int64_t at, std::int64_t count, double stddev) {
    for (std::int64_t i = 0; i < count; ++i) params_[at + i] = static_cast<S>(stddev * rng.normal());
  };
  auto fill = [&](std::int64_t at, std::int64_t count, S value) {
    for (std::int64_t i = 0; i < count; ++i) params_[at + i] = value;
  };
  normal(offsets_.wte, s.vocab * D, 0.02);
  normal(offsets_.wpe, s.context * D, 0.02);
  for (const LayerOffsets& layer : offsets_.layer) {
    fill(layer.ln1_g, D, S(1));
    fill(layer.ln1_b, D, S(0));
    normal(layer.wq, D * D, qkv);
    normal(layer.wk, D * D, qkv);
    normal(layer.wv, D * D, qkv);
    normal(layer.wo, D * D, 0.02 * out_scale);
    if (s.mlp) {
      fill(layer.ln2_g, D, S(1));
      fill(layer.ln2_b, D, S(0));
      normal(layer.w1, D * F, 0.02);
      fill(layer.b1, F, S(0));
      normal(layer.w2, F * D, 0.02 * out_scale);
      fill(layer.b2, D, S(0));
    }
  }
  fill(offsets_.lnf_g, D, S(1));
  fill(offsets_.lnf_b, D, S(0));
  normal(offsets_.wu, D * s.vocab, 0.02);
}

template <typename S>
void Transformer<S>::set_ablated(int layer, int head, bool off) {
  if (layer < 0 || layer >= shape_.layers)
    throw ArgumentError("layer", "layer must be 0 to " + std::to_string(shape_.layers - 1) + "; got " + std::to_string(layer));
  if (head < 0 || head >= shape_.heads)
    throw ArgumentError("head", "head must be 0 to " + std::to_string(shape_.heads - 1) + "; got " + std::to_string(head));
  ablated_[static_cast<std::size_t>(layer * shape_.heads + head)] = off ? 1 : 0;
}

template <typename S>
bool Transformer<S>::ablated(int layer, int head) const {
  return ablated_[static_cast<std::size_t>(layer * shape_.heads + head)] != 0;
}

template <typename S>
std::vector<char> Transformer<S>::ablated_heads(int layer) const {
  const auto first = ablated_.begin() + layer * shape_.heads;
  return std::vector<char>(first, first + shape_.heads);
}

template <typename S>
void Transformer<S>::forward(const std::vector<int>& tokens, Activations<S>& act, const Matrix* extra_blocked) const {
  const ModelShape& s = shape_;
  const int n = static_cast<int>(tokens.size());
  const std::int64_t D = s.d_model, F = 4 * D, V = s.vocab;
  if (n < 1 || n > s.context)
    throw std::invalid_argument("a sequence must have 1 to " + std::to_string(s.context) + " tokens; got " + std::to_string(n));
  for (int token : tokens)
    if (token < 0 || token >= s.vocab)
      throw std::invalid_argument("tokens must be 0 to " + std::to_string(s.vocab - 1) + "; got " + std::to_string(token));
  if (extra_blocked) check_extra_mask(*extra_blocked, n);
  const auto weights = views_of(params_);

  act.tokens = tokens;
  RowMatrix<S> residual = embedding_forward<S>(tokens, 0, weights.matrix(offsets_.wte, V, D), weights.matrix(offsets_.wpe, s.context, D));
  act.layers.resize(static_cast<std::size_t>(s.layers));
  for (int l = 0; l < s.layers; ++l) {
    const LayerOffsets& at = offsets_.layer[static_cast<std::size_t>(l)];
    auto& layer = act.layers[static_cast<std::size_t>(l)];
    layer.residual_in = residual;
    layer_norm_forward(layer.residual_in, weights.row(at.ln1_g, D), weights.row(at.ln1_b, D), layer.ln1);
    layer.qkv = qkv_forward(layer.ln1.out, weights.matrix(at.wq, D, D), weights.matrix(at.wk, D, D), weights.matrix(at.wv, D, D));
    layer.heads_out = attention_forward(layer.qkv.query, layer.qkv.key, layer.qkv.value, s.heads, ablated_heads(l), extra_blocked,
                                        layer.attention);
    residual = residual_forward(layer.residual_in, linear_forward(layer.heads_out, weights.matrix(at.wo, D, D)));
    if (s.mlp) {
      layer.residual_mid = residual;
      layer_norm_forward(layer.residual_mid, weights.row(at.ln2_g, D), weights.row(at.ln2_b, D), layer.ln2);
      residual = residual_forward(layer.residual_mid, mlp_forward(layer.ln2.out, weights.matrix(at.w1, D, F), weights.row(at.b1, F),
                                                                  weights.matrix(at.w2, F, D), weights.row(at.b2, D), layer.mlp));
    }
  }
  act.residual_out = residual;
  layer_norm_forward(act.residual_out, weights.row(offsets_.lnf_g, D), weights.row(offsets_.lnf_b, D), act.lnf);
  act.logits = linear_forward(act.lnf.out, weights.matrix(offsets_.wu, D, V));
  act.probs = softmax_forward(act.logits);
}

template <typename S>
std::vector<double> Transformer<S>::position_losses(const Activations<S>& act) const {
  return cross_entropy_forward(act.probs, act.tokens);
}

template <typename S>
void Transformer<S>::backward(const Activations<S>& act, S scale, std::vector<S>& grad) const {
  const ModelShape& s = shape_;
  const std::int64_t D = s.d_model, F = 4 * D, V = s.vocab;
  const auto weights = views_of(params_);
  const auto grads = views_of(grad);

  const RowMatrix<S> dlogits = softmax_cross_entropy_backward(act.probs, act.tokens, scale);
  const RowMatrix<S> dlnf = linear_backward(dlogits, act.lnf.out, weights.matrix(offsets_.wu, D, V), grads.matrix(offsets_.wu, D, V));
  RowMatrix<S> dresidual = layer_norm_backward(dlnf, act.lnf, weights.row(offsets_.lnf_g, D), grads.row(offsets_.lnf_g, D),
                                               grads.row(offsets_.lnf_b, D));
  for (int l = s.layers - 1; l >= 0; --l) {
    const LayerOffsets& at = offsets_.layer[static_cast<std::size_t>(l)];
    const auto& layer = act.layers[static_cast<std::size_t>(l)];
    if (s.mlp) {
      const RowMatrix<S> dln2 = mlp_backward(dresidual, layer.ln2.out, layer.mlp, weights.matrix(at.w1, D, F), weights.matrix(at.w2, F, D),
                                             grads.matrix(at.w1, D, F), grads.row(at.b1, F), grads.matrix(at.w2, F, D), grads.row(at.b2, D));
      dresidual = residual_backward(dresidual, layer_norm_backward(dln2, layer.ln2, weights.row(at.ln2_g, D), grads.row(at.ln2_g, D),
                                                                   grads.row(at.ln2_b, D)));
    }
    const RowMatrix<S> dheads_out = linear_backward(dresidual, layer.heads_out, weights.matrix(at.wo, D, D), grads.matrix(at.wo, D, D));
    Projections<S> dqkv;
    attention_backward(dheads_out, layer.qkv.query, layer.qkv.key, layer.qkv.value, layer.attention, ablated_heads(l), dqkv.query,
                       dqkv.key, dqkv.value);
    const RowMatrix<S> dln1 = qkv_backward(dqkv, layer.ln1.out, weights.matrix(at.wq, D, D), weights.matrix(at.wk, D, D),
                                           weights.matrix(at.wv, D, D), grads.matrix(at.wq, D, D), grads.matrix(at.wk, D, D),
                                           grads.matrix(at.wv, D, D));
    dresidual = residual_backward(dresidual, layer_norm_backward(dln1, layer.ln1, weights.row(at.ln1_g, D), grads.row(at.ln1_g, D),
                                                                 grads.row(at.ln1_b, D)));
  }
  embedding_backward(dresidual, act.tokens, grads.matrix(offsets_.wte, V, D), grads.matrix(offsets_.wpe, s.context, D));
}

template <typename S>
double Transformer<S>::loss_and_gradient(const std::vector<std::vector<int>>& batch, std::vector<S>* grad) const {
  std::size_t predictions = 0;
  for (const auto& seq : batch) predictions += seq.size() > 1 ? seq.size() - 1 : 0;
  if (predictions == 0) throw std::invalid_argument("a batch needs at least one sequence of 2 or more tokens");
  if (grad) grad->assign(params_.size(), S(0));
  const S scale = S(1) / static_cast<S>(predictions);
  double total = 0;
  Activations<S> activations;
  for (const auto& seq : batch) {
    forward(seq, activations);
    for (double loss : position_losses(activations)) total += loss;
    if (grad) backward(activations, scale, *grad);
  }
  return total / static_cast<double>(predictions);
}

template class Transformer<float>;
template class Transformer<double>;

}  // namespace atlas::model
