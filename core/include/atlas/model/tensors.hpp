// The model's tensor types: one spelling for every file of core/model.
//
// Row-major, as the flat parameter vector stores its matrices (a (rows x cols)
// tensor at offset `at` is params[at .. at + rows * cols - 1], row by row), so a
// weight is an Eigen::Map over the vector (views_of below), never a copy. Templated on the
// scalar S: float to train and run, double for the gradient checks.
#pragma once

#include <cstdint>
#include <vector>

#include <Eigen/Dense>

namespace atlas::model {

template <typename S>
using RowMatrix = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename S>
using RowVector = Eigen::Matrix<S, 1, Eigen::Dynamic>;
template <typename S>
using ColumnVector = Eigen::Matrix<S, Eigen::Dynamic, 1>;

// Views of the tensors of one flat vector (the parameters, or their gradient):
//   const auto weights = views_of(params);  weights.matrix(at, rows, cols), weights.row(at, cols)
template <typename Scalar, typename MatrixView, typename RowView>
struct TensorViews {
  Scalar* base;
  MatrixView matrix(std::int64_t at, std::int64_t rows, std::int64_t cols) const { return MatrixView(base + at, rows, cols); }
  RowView row(std::int64_t at, std::int64_t cols) const { return RowView(base + at, cols); }
};
template <typename S>
TensorViews<const S, Eigen::Map<const RowMatrix<S>>, Eigen::Map<const RowVector<S>>> views_of(const std::vector<S>& flat) {
  return {flat.data()};
}
template <typename S>
TensorViews<S, Eigen::Map<RowMatrix<S>>, Eigen::Map<RowVector<S>>> views_of(std::vector<S>& flat) {
  return {flat.data()};
}

}  // namespace atlas::model
