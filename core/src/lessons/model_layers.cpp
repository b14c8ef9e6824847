#include "atlas/lessons/model_layers.hpp"

#include "atlas/attention/check.hpp"

#include <stdexcept>
#include <string>

#include "atlas/attention/attention_distance.hpp"
#include "atlas/attention/entropy.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/rollout.hpp"

namespace atlas {

ModelLayers model_layers(const std::vector<std::vector<Matrix>>& attention, double residual) {
  if (attention.empty()) throw ArgumentError("attention", "attention must have at least one layer");
  const Eigen::Index n = attention.front().empty() ? 0 : attention.front().front().rows();
  const auto L = static_cast<Eigen::Index>(attention.size());
  for (std::size_t l = 0; l < attention.size(); ++l) {
    if (attention[l].empty()) throw ArgumentError("attention", "attention[" + std::to_string(l) + "] must have at least one head");
    for (std::size_t h = 0; h < attention[l].size(); ++h) {
      const Matrix& A = attention[l][h];
      if (n == 0 || A.rows() != n || A.cols() != n) {
        throw ArgumentError("attention", "attention[" + std::to_string(l) + "][" + std::to_string(h) +
                                    "] must be n x n with the n of attention[0][0] (n >= 1)");
      }
    }
  }
  ModelLayers out;
  out.mean_distance.resize(L);
  out.mean_entropy.resize(L);
  const Matrix mask = causal_mask(static_cast<int>(n));
  for (Eigen::Index l = 0; l < L; ++l) {
    const auto& heads = attention[static_cast<std::size_t>(l)];
    Matrix mean = Matrix::Zero(n, n);
    double distance = 0.0, spread = 0.0;
    for (const Matrix& A : heads) {
      mean += A;
      distance += mean_attention_distance(A);
      spread += entropy(A).mean();
    }
    const auto H = static_cast<double>(heads.size());
    mean /= H;
    out.mean_by_offset.push_back(mean_by_distance(mean, mask));
    out.mean_distance(l) = distance / H;
    out.mean_entropy(l) = spread / H;
    out.mean.push_back(std::move(mean));
  }
  out.rollout = attention_rollout(out.mean, residual);
  return out;
}

}  // namespace atlas
