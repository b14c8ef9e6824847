#include "atlas/attention/rollout.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {
namespace {

void require_layer(const Matrix& W, Eigen::Index n, std::size_t l) {
  const std::string name = "layers[" + std::to_string(l) + "]";
  require_finite(W, name);
  if (W.rows() != W.cols() || W.rows() != n) {
    throw ArgumentError(name, name + " is " + shape_of(W) + "; expected " + std::to_string(n) +
                                " x " + std::to_string(n) + " (every layer n x n, as layers[0])");
  }
  for (Eigen::Index r = 0; r < n; ++r) {
    if ((W.row(r).array() < 0.0).any() || std::abs(W.row(r).sum() - 1.0) > 1e-6) {
      throw ArgumentError(name, name + " row " + std::to_string(r) +
                                  " is not a probability distribution (non-negative, summing to 1)");
    }
  }
}

}  // namespace

std::vector<Matrix> attention_rollout(const std::vector<Matrix>& layers, double residual) {
  if (layers.empty() || layers.size() > static_cast<std::size_t>(kMaxStack)) {
    throw ArgumentError("layers", "layers must hold 1 to " + std::to_string(kMaxStack) + " matrices; got " +
                                std::to_string(layers.size()));
  }
  require_in_range(residual, 0.0, 1.0, "residual");
  const Eigen::Index n = layers[0].rows();
  std::vector<Matrix> out;
  out.reserve(layers.size());
  for (std::size_t l = 0; l < layers.size(); ++l) {
    require_layer(layers[l], n, l);
    Matrix A = residual * layers[l] + (1.0 - residual) * Matrix::Identity(n, n);
    A.array().colwise() /= A.rowwise().sum().array();
    Matrix R = out.empty() ? A : Matrix(A * out.back());
    R.array().colwise() /= R.rowwise().sum().array();
    out.push_back(std::move(R));
  }
  return out;
}

}  // namespace atlas
