#include "atlas/model/transformer.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/random.hpp"
#include "atlas/model/layer_norm.hpp"
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
    LayerOffsets L{};
    L.ln1_g = take(D);
    L.ln1_b = take(D);
    L.wq = take(D * D);
    L.wk = take(D * D);
    L.wv = take(D * D);
    L.wo = take(D * D);
    L.ln2_g = L.ln2_b = L.w1 = L.b1 = L.w2 = L.b2 = -1;
    if (s.mlp) {
      L.ln2_g = take(D);
      L.ln2_b = take(D);
      L.w1 = take(D * F);
      L.b1 = take(F);
      L.w2 = take(F * D);
      L.b2 = take(D);
    }
    o.layer.push_back(L);
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
  for (const LayerOffsets& L : o.layer) {
    on(L.wq, D * D);
    on(L.wk, D * D);
    on(L.wv, D * D);
    on(L.wo, D * D);
    if (shape.mlp) {
      on(L.w1, D * F);
      on(L.w2, F * D);
    }
  }
  on(o.wu, D * shape.vocab);
  return mask;
}

namespace {

template <typename S>
using Mat = RowMatrix<S>;
template <typename S>
using Row = Eigen::Matrix<S, 1, Eigen::Dynamic>;

// GELU, tanh form (Hendrycks & Gimpel 2016), as GPT-2 uses.
constexpr double kGeluC = 0.7978845608028654;  // sqrt(2 / pi)
template <typename S>
S gelu(S u) {
  return S(0.5) * u * (S(1) + std::tanh(S(kGeluC) * (u + S(0.044715) * u * u * u)));
}
template <typename S>
S gelu_grad(S u) {
  const S t = std::tanh(S(kGeluC) * (u + S(0.044715) * u * u * u));
  return S(0.5) * (S(1) + t) + S(0.5) * u * (S(1) - t * t) * S(kGeluC) * (S(1) + S(3 * 0.044715) * u * u);
}

// Row-wise softmax of the causal scores: row i keeps keys 0..i. Subtracting
// the row's maximum before exp keeps exp <= 1 (no overflow at any scale);
// the blocked keys are never exponentiated, so their weight is exactly 0.
template <typename S>
void causal_softmax(Mat<S>& scores) {
  const int n = static_cast<int>(scores.rows());
  for (int i = 0; i < n; ++i) {
    const S top = scores.row(i).head(i + 1).maxCoeff();
    S sum = 0;
    for (int j = 0; j <= i; ++j) sum += (scores(i, j) = std::exp(scores(i, j) - top));
    scores.row(i).head(i + 1) /= sum;
    scores.row(i).tail(n - i - 1).setZero();
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
  for (const LayerOffsets& L : offsets_.layer) {
    fill(L.ln1_g, D, S(1));
    fill(L.ln1_b, D, S(0));
    normal(L.wq, D * D, qkv);
    normal(L.wk, D * D, qkv);
    normal(L.wv, D * D, qkv);
    normal(L.wo, D * D, 0.02 * out_scale);
    if (s.mlp) {
      fill(L.ln2_g, D, S(1));
      fill(L.ln2_b, D, S(0));
      normal(L.w1, D * F, 0.02);
      fill(L.b1, F, S(0));
      normal(L.w2, F * D, 0.02 * out_scale);
      fill(L.b2, D, S(0));
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
void Transformer<S>::forward(const std::vector<int>& tokens, SequenceCache<S>& c) const {
  const ModelShape& s = shape_;
  const int n = static_cast<int>(tokens.size());
  const int D = s.d_model, H = s.heads, K = D / H, F = 4 * D;
  if (n < 1 || n > s.context)
    throw std::invalid_argument("a sequence must have 1 to " + std::to_string(s.context) + " tokens; got " + std::to_string(n));
  for (int t : tokens)
    if (t < 0 || t >= s.vocab)
      throw std::invalid_argument("tokens must be 0 to " + std::to_string(s.vocab - 1) + "; got " + std::to_string(t));
  const S* p = params_.data();
  auto M = [p](std::int64_t at, int rows, int cols) { return Eigen::Map<const Mat<S>>(p + at, rows, cols); };
  auto R = [p](std::int64_t at, int cols) { return Eigen::Map<const Row<S>>(p + at, cols); };
  const S scale = S(1) / std::sqrt(S(K));  // keeps q.k near unit variance whatever K is

  c.tokens = tokens;
  Mat<S> x(n, D);
  for (int t = 0; t < n; ++t) x.row(t) = M(offsets_.wte, s.vocab, D).row(tokens[t]) + M(offsets_.wpe, s.context, D).row(t);
  c.layers.resize(static_cast<std::size_t>(s.layers));
  for (int l = 0; l < s.layers; ++l) {
    const LayerOffsets& L = offsets_.layer[static_cast<std::size_t>(l)];
    auto& C = c.layers[static_cast<std::size_t>(l)];
    C.x = x;
    layer_norm<S>(C.x, R(L.ln1_g, D), R(L.ln1_b, D), C.xhat1, C.rstd1, C.h1);
    C.q = C.h1 * M(L.wq, D, D);
    C.k = C.h1 * M(L.wk, D, D);
    C.v = C.h1 * M(L.wv, D, D);
    C.o = Mat<S>::Zero(n, D);
    C.attention.resize(static_cast<std::size_t>(H));
    for (int h = 0; h < H; ++h) {
      Mat<S>& A = C.attention[static_cast<std::size_t>(h)];
      A = (C.q.middleCols(h * K, K) * C.k.middleCols(h * K, K).transpose()) * scale;
      causal_softmax(A);
      if (!ablated(l, h)) C.o.middleCols(h * K, K) = A * C.v.middleCols(h * K, K);
    }
    x = C.x + C.o * M(L.wo, D, D);
    if (s.mlp) {
      C.x_mid = x;
      layer_norm<S>(C.x_mid, R(L.ln2_g, D), R(L.ln2_b, D), C.xhat2, C.rstd2, C.h2);
      C.u = (C.h2 * M(L.w1, D, F)).rowwise() + R(L.b1, F);
      C.g = C.u.unaryExpr([](S u) { return gelu(u); });
      x = (C.x_mid + C.g * M(L.w2, F, D)).rowwise() + R(L.b2, D);
    }
  }
  c.x_final = x;
  layer_norm<S>(c.x_final, R(offsets_.lnf_g, D), R(offsets_.lnf_b, D), c.xhat_f, c.rstd_f, c.h_f);
  c.probs = c.h_f * M(offsets_.wu, D, s.vocab);
  for (int t = 0; t < n; ++t) {
    auto row = c.probs.row(t);
    row = (row.array() - row.maxCoeff()).exp().matrix();
    row /= row.sum();
  }
}

template <typename S>
std::vector<double> Transformer<S>::position_losses(const SequenceCache<S>& c) const {
  const int n = static_cast<int>(c.tokens.size());
  std::vector<double> out;
  for (int t = 0; t + 1 < n; ++t) {
    // probs >= exp(-(max - min logit)) > 0 in exact arithmetic; the floor only
    // guards float underflow so that a confident mistake costs a large finite loss.
    const double prob = std::max(static_cast<double>(c.probs(t, c.tokens[t + 1])), 1e-30);
    out.push_back(-std::log(prob));
  }
  return out;
}

template <typename S>
void Transformer<S>::backward(const SequenceCache<S>& c, S scale, std::vector<S>& grad) const {
  const ModelShape& s = shape_;
  const int n = static_cast<int>(c.tokens.size());
  const int D = s.d_model, H = s.heads, K = D / H, F = 4 * D;
  const S* p = params_.data();
  S* g = grad.data();
  auto M = [p](std::int64_t at, int rows, int cols) { return Eigen::Map<const Mat<S>>(p + at, rows, cols); };
  auto R = [p](std::int64_t at, int cols) { return Eigen::Map<const Row<S>>(p + at, cols); };
  auto GM = [g](std::int64_t at, int rows, int cols) { return Eigen::Map<Mat<S>>(g + at, rows, cols); };
  auto GR = [g](std::int64_t at, int cols) { return Eigen::Map<Row<S>>(g + at, cols); };
  const S attn_scale = S(1) / std::sqrt(S(K));

  // d loss / d logits = probs - onehot(next token), for the predicting rows.
  Mat<S> dlogits = c.probs;
  for (int t = 0; t + 1 < n; ++t) dlogits(t, c.tokens[t + 1]) -= S(1);
  dlogits.row(n - 1).setZero();
  dlogits *= scale;
  GM(offsets_.wu, D, s.vocab).noalias() += c.h_f.transpose() * dlogits;
  Mat<S> dh = dlogits * M(offsets_.wu, D, s.vocab).transpose();
  Mat<S> dx = layer_norm_backward<S>(dh, c.xhat_f, c.rstd_f, R(offsets_.lnf_g, D), GR(offsets_.lnf_g, D), GR(offsets_.lnf_b, D));

  for (int l = s.layers - 1; l >= 0; --l) {
    const LayerOffsets& L = offsets_.layer[static_cast<std::size_t>(l)];
    const auto& C = c.layers[static_cast<std::size_t>(l)];
    if (s.mlp) {
      GM(L.w2, F, D).noalias() += C.g.transpose() * dx;
      GR(L.b2, D) += dx.colwise().sum();
      Mat<S> du = (dx * M(L.w2, F, D).transpose()).cwiseProduct(C.u.unaryExpr([](S u) { return gelu_grad(u); }));
      GM(L.w1, D, F).noalias() += C.h2.transpose() * du;
      GR(L.b1, F) += du.colwise().sum();
      Mat<S> dh2 = du * M(L.w1, D, F).transpose();
      dx += layer_norm_backward<S>(dh2, C.xhat2, C.rstd2, R(L.ln2_g, D), GR(L.ln2_g, D), GR(L.ln2_b, D));
    }
    GM(L.wo, D, D).noalias() += C.o.transpose() * dx;
    const Mat<S> dO = dx * M(L.wo, D, D).transpose();
    Mat<S> dq = Mat<S>::Zero(n, D), dk = Mat<S>::Zero(n, D), dv = Mat<S>::Zero(n, D);
    for (int h = 0; h < H; ++h) {
      if (ablated(l, h)) continue;  // its output was zero: no gradient flows through it
      const Mat<S>& A = C.attention[static_cast<std::size_t>(h)];
      const auto dOh = dO.middleCols(h * K, K);
      dv.middleCols(h * K, K).noalias() += A.transpose() * dOh;
      Mat<S> dA = dOh * C.v.middleCols(h * K, K).transpose();
      // Softmax backward, row by row: dS = A o (dA - <A, dA>). Blocked keys have
      // A = 0, so their dS is 0 and nothing leaks from the future.
      for (int i = 0; i < n; ++i) {
        const S dot = A.row(i).dot(dA.row(i));
        dA.row(i) = A.row(i).cwiseProduct((dA.row(i).array() - dot).matrix());
      }
      dq.middleCols(h * K, K).noalias() += (dA * C.k.middleCols(h * K, K)) * attn_scale;
      dk.middleCols(h * K, K).noalias() += (dA.transpose() * C.q.middleCols(h * K, K)) * attn_scale;
    }
    GM(L.wq, D, D).noalias() += C.h1.transpose() * dq;
    GM(L.wk, D, D).noalias() += C.h1.transpose() * dk;
    GM(L.wv, D, D).noalias() += C.h1.transpose() * dv;
    Mat<S> dh1 = dq * M(L.wq, D, D).transpose() + dk * M(L.wk, D, D).transpose() + dv * M(L.wv, D, D).transpose();
    dx += layer_norm_backward<S>(dh1, C.xhat1, C.rstd1, R(L.ln1_g, D), GR(L.ln1_g, D), GR(L.ln1_b, D));
  }
  for (int t = 0; t < n; ++t) {
    GM(offsets_.wte, s.vocab, D).row(c.tokens[t]) += dx.row(t);
    GM(offsets_.wpe, s.context, D).row(t) += dx.row(t);
  }
}

template <typename S>
double Transformer<S>::loss_and_gradient(const std::vector<std::vector<int>>& batch, std::vector<S>* grad) const {
  std::size_t predictions = 0;
  for (const auto& seq : batch) predictions += seq.size() > 1 ? seq.size() - 1 : 0;
  if (predictions == 0) throw std::invalid_argument("a batch needs at least one sequence of 2 or more tokens");
  if (grad) grad->assign(params_.size(), S(0));
  const S scale = S(1) / static_cast<S>(predictions);
  double total = 0;
  SequenceCache<S> cache;
  for (const auto& seq : batch) {
    forward(seq, cache);
    for (double loss : position_losses(cache)) total += loss;
    if (grad) backward(cache, scale, *grad);
  }
  return total / static_cast<double>(predictions);
}

template class Transformer<float>;
template class Transformer<double>;

}  // namespace atlas::model
