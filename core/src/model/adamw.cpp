#include "atlas/model/adamw.hpp"

#include <cmath>
#include <stdexcept>

namespace atlas::model {

template <typename S>
AdamW<S>::AdamW(std::size_t size, AdamWSettings settings) : settings_(settings), m_(size, S(0)), v_(size, S(0)) {}

template <typename S>
void AdamW<S>::step(std::vector<S>& params, const std::vector<S>& grad, const std::vector<char>& decay) {
  if (grad.size() != params.size() || decay.size() != params.size() || m_.size() != params.size())
    throw std::invalid_argument("AdamW: params, grad and decay must have the same size");
  ++t_;
  const double b1 = settings_.beta1, b2 = settings_.beta2;
  const double c1 = 1.0 - std::pow(b1, static_cast<double>(t_));
  const double c2 = 1.0 - std::pow(b2, static_cast<double>(t_));
  const double lr = settings_.learning_rate, wd = settings_.weight_decay, eps = settings_.epsilon;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const double g = grad[i];
    const double m = b1 * m_[i] + (1.0 - b1) * g;
    const double v = b2 * v_[i] + (1.0 - b2) * g * g;
    m_[i] = static_cast<S>(m);
    v_[i] = static_cast<S>(v);
    const double update = (m / c1) / (std::sqrt(v / c2) + eps) + (decay[i] ? wd * params[i] : 0.0);
    params[i] = static_cast<S>(params[i] - lr * update);
  }
}

template <typename S>
double clip_gradient_norm(std::vector<S>& grad, double max_norm) {
  double sum = 0;
  for (S g : grad) sum += static_cast<double>(g) * static_cast<double>(g);
  const double norm = std::sqrt(sum);
  if (std::isfinite(norm) && norm > max_norm) {
    const S factor = static_cast<S>(max_norm / norm);
    for (S& g : grad) g *= factor;
  }
  return norm;
}

template class AdamW<float>;
template class AdamW<double>;
template double clip_gradient_norm<float>(std::vector<float>&, double);
template double clip_gradient_norm<double>(std::vector<double>&, double);

}  // namespace atlas::model
