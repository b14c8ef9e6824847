// AdamW (Loshchilov & Hutter 2019): Adam with bias correction and decoupled
// weight decay, over one flat parameter vector; plus global-norm clipping.
//
//   m = b1 m + (1 - b1) g,   v = b2 v + (1 - b2) g^2          per parameter
//   p -= lr * ( (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps) + wd * decay_i * p )
// The bias correction matters in the first steps: m and v start at 0, so
// without it the first updates would be too small by 1 / (1 - b1^t).
// Decay is decoupled (not added to g), and applied only where decay_i = 1
// (weight matrices, not LayerNorm gains or biases), as GPT-2 style training does.
#pragma once

#include <cstdint>
#include <vector>

namespace atlas::model {

struct AdamWSettings {
  double learning_rate = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.98;
  double epsilon = 1e-8;
  double weight_decay = 0.01;
};

template <typename S>
class AdamW {
 public:
  AdamW(std::size_t size, AdamWSettings settings);

  AdamWSettings& settings() { return settings_; }
  const AdamWSettings& settings() const { return settings_; }
  std::int64_t steps() const { return t_; }

  // One update of params with grad; decay (same size, 0 or 1) says which
  // parameters get weight decay.
  void step(std::vector<S>& params, const std::vector<S>& grad, const std::vector<char>& decay);

  // The moment estimates, for saving and restoring a run exactly.
  std::vector<S>& first_moment() { return m_; }
  std::vector<S>& second_moment() { return v_; }
  const std::vector<S>& first_moment() const { return m_; }
  const std::vector<S>& second_moment() const { return v_; }
  void set_steps(std::int64_t t) { t_ = t; }

 private:
  AdamWSettings settings_;
  std::vector<S> m_, v_;
  std::int64_t t_ = 0;
};

// Scales grad so that its Euclidean norm is at most max_norm; returns the norm
// before clipping (non-finite when some gradient is).
template <typename S>
double clip_gradient_norm(std::vector<S>& grad, double max_norm);

extern template class AdamW<float>;
extern template class AdamW<double>;

}  // namespace atlas::model
