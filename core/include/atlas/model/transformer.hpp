// A small decoder-only Transformer with a hand-written backward pass: the model
// that section 13 trains in the page and that `make model` trains on Austen.
//
// Purpose: the smallest honest GPT-style model a learner can watch learn.
// Token and learned position embeddings, L pre-LayerNorm blocks of causal
// multi-head attention (and, optionally, a GELU MLP), a final LayerNorm and an
// untied unembedding; next-token cross-entropy. Templated on the scalar: float
// to train (half the memory traffic, fast in WASM SIMD), double for the
// finite-difference gradient checks.
// Each operation is a forward/backward pair in operations.hpp, layer_norm.hpp
// and causal_attention.hpp; forward() and backward() here call them in order
// and in reverse order.
// Non-goals: dropout, batched matrix kernels, anything not needed to show
// attention forming. Shapes use fixed letters (llm.c's convention):
//   L layers, T context (positions), n <= T a sequence's length, V vocabulary,
//   D d_model, H heads, K = D / H per-head width, F = 4 D MLP width.
//
// Parameters, in one flat vector (the optimizer sees one array):
//   wte (V x D), wpe (T x D)
//   per layer: ln1 gain, bias (D); wq, wk, wv, wo (D x D);
//              with mlp: ln2 gain, bias (D); w1 (D x F), b1 (F), w2 (F x D), b2 (D)
//   lnf gain, bias (D); wu (D x V)
// Head h of a layer uses columns h*K .. h*K+K-1 of wq, wk, wv and rows
// h*K .. h*K+K-1 of wo.
//
//   x_0 = wte[token] + wpe[position]                                (n x D)
//   x  += concat_h( softmax(q_h k_h^T / sqrt(K) + causal) v_h ) wo   q = LN1(x) wq, ...
//   x  += gelu(LN2(x) w1 + b1) w2 + b2                               (mlp only)
//   logits = LNf(x) wu                                               (n x V)
// The loss is the mean cross-entropy of predicting token t+1 from positions
// 0..t, over t = 0..T-2 of every sequence.
#pragma once

#include <cstdint>
#include <vector>

#include "atlas/attention/matrix.hpp"
#include "atlas/model/causal_attention.hpp"
#include "atlas/model/layer_norm.hpp"
#include "atlas/model/operations.hpp"
#include "atlas/model/tensors.hpp"

namespace atlas::model {

struct ModelShape {
  int layers = 2;
  int heads = 2;
  int d_model = 32;
  int context = 24;  // T, the longest sequence
  int vocab = 16;    // V
  bool mlp = false;
};

// Throws ArgumentError (a std::invalid_argument) naming the field unless
// layers, heads, d_model, context and vocab are in their ranges (limits.hpp)
// and heads divides d_model.
void validate(const ModelShape& shape);

// Number of parameters of a model of this shape.
std::int64_t parameter_count(const ModelShape& shape);

// Where each tensor starts in the flat parameter vector.
struct LayerOffsets {
  std::int64_t ln1_g, ln1_b, wq, wk, wv, wo, ln2_g, ln2_b, w1, b1, w2, b2;
};
struct Offsets {
  std::int64_t wte, wpe, lnf_g, lnf_b, wu, total;
  std::vector<LayerOffsets> layer;
};
Offsets offsets_of(const ModelShape& shape);

// 1 for the parameters AdamW decays (weight matrices and embeddings), 0 for
// LayerNorm gains and biases, as GPT-2 style training does.
std::vector<char> weight_decay_mask(const ModelShape& shape, const Offsets& offsets);

// What one forward pass keeps for the backward pass and for the figures.
template <typename S>
struct Activations {
  struct Layer {
    RowMatrix<S> residual_in;             // (n x D), the block's input
    LayerNormCache<S> ln1;                // ln1.out (n x D) feeds the projections
    Projections<S> qkv;                   // query, key, value (n x D)
    std::vector<RowMatrix<S>> attention;  // H of (n x n), rows are queries
    RowMatrix<S> heads_out;               // (n x D), the heads' outputs side by side, before wo
    RowMatrix<S> residual_mid;            // (n x D), after attention's residual: the MLP's input
    LayerNormCache<S> ln2;                // mlp only
    MlpCache<S> mlp;                      // mlp only
  };
  std::vector<int> tokens;
  std::vector<Layer> layers;
  RowMatrix<S> residual_out;   // (n x D), the last block's output
  LayerNormCache<S> lnf;       // the final LayerNorm
  RowMatrix<S> logits, probs;  // (n x V); probs = softmax of the logits, row-wise
};

template <typename S>
class Transformer {
 public:
  explicit Transformer(const ModelShape& shape);

  const ModelShape& shape() const { return shape_; }
  const Offsets& offsets() const { return offsets_; }
  std::vector<S>& parameters() { return params_; }
  const std::vector<S>& parameters() const { return params_; }

  // Draws the initial weights from the seed (our own generator, so native and
  // WASM start identically): N(0, 0.02^2) as GPT-2 does, with the output
  // projections wo and w2 scaled by 1/sqrt(2 L), LayerNorm gains 1, biases 0;
  // except wq, wk, wv: N(0, 0.1^2). Why: with 0.02 the scores q.k start near
  // zero, their gradients are products of two tiny matrices, and the plateau
  // before an induction head forms lasted about twice as long here
  // (1300 steps instead of 550 on the default induction run, seed 1).
  void initialize(std::uint64_t seed);

  // Zero-ablation: head (layer, head) contributes nothing to its layer's output.
  void set_ablated(int layer, int head, bool off);
  bool ablated(int layer, int head) const;

  // Forward pass of one sequence (1 <= n <= T tokens, each in 0..V-1). Fills
  // `activations`: read its probs, logits and layers[l].attention.
  // extra_blocked: an optional (n x n) mask of 0s and 1s (1 = blocked), applied
  // in every head of every layer on top of the causal mask; it must leave
  // every query a key. Throws std::invalid_argument naming "tokens", or
  // ArgumentError("mask") (check.hpp).
  void forward(const std::vector<int>& tokens, Activations<S>& activations, const Matrix* extra_blocked = nullptr) const;

  // Cross-entropy (nats) of predicting tokens[t + 1] at each t = 0..n-2.
  std::vector<double> position_losses(const Activations<S>& activations) const;

  // Accumulates into `grad` (same layout as parameters()) the gradient of
  // scale * sum_t loss_t for the sequence of `activations` (no extra mask).
  void backward(const Activations<S>& activations, S scale, std::vector<S>& grad) const;

  // Mean next-token loss over a batch of sequences, and, when grad is given,
  // its gradient (grad is overwritten).
  double loss_and_gradient(const std::vector<std::vector<int>>& batch, std::vector<S>* grad) const;

 private:
  ModelShape shape_;
  Offsets offsets_;
  std::vector<S> params_;
  std::vector<char> ablated_;  // layers * heads flags
  std::vector<char> ablated_heads(int layer) const;  // the layer's H flags
};

extern template class Transformer<float>;
extern template class Transformer<double>;

}  // namespace atlas::model
