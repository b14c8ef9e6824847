#include "atlas/attention/products.hpp"

#include <algorithm>
#include <vector>

#include "lanes.hpp"

namespace atlas {
namespace {

using Index = std::ptrdiff_t;
constexpr Index kRows = 4;          // rows of A per micro-block
constexpr Index kPanelCols = 64;    // columns of B per panel (a multiple of 2 vectors of float and double)
constexpr Index kPanelDepth = 128;  // rows of B per panel

// C[0..R) x [0..2 vectors) (+)= A[0..R) x [0..depth) times the panel's columns (panel rows
// of kPanelCols): `first` starts the sums at +0, otherwise they continue from C.
template <typename T, int R>
void micro_block(const T* A, Index lda, const T* panel, T* C, Index ldc, Index depth, bool first) {
  using V = lanes::Vec<T>;
  constexpr int L = lanes::kWidth<T>;
  V acc[R][2];
  for (int r = 0; r < R; ++r) {
    acc[r][0] = first ? V{} : lanes::load(C + r * ldc);
    acc[r][1] = first ? V{} : lanes::load(C + r * ldc + L);
  }
  for (Index c = 0; c < depth; ++c) {
    const V b0 = lanes::load(panel + c * kPanelCols);
    const V b1 = lanes::load(panel + c * kPanelCols + L);
    for (int r = 0; r < R; ++r) {
      const V a = lanes::splat(A[r * lda + c]);
      acc[r][0] += a * b0;
      acc[r][1] += a * b1;
    }
  }
  for (int r = 0; r < R; ++r) {
    lanes::store(C + r * ldc, acc[r][0]);
    lanes::store(C + r * ldc + L, acc[r][1]);
  }
}

template <typename T>
void rows_of_panel(const T* A, Index lda, const T* panel, T* C, Index ldc, Index rows, Index depth, Index cols,
                   bool first) {
  constexpr Index step = 2 * lanes::kWidth<T>;
  const Index vector_cols = cols - cols % step;
  for (Index j = 0; j < vector_cols; j += step) {
    switch (rows) {
      case 4: micro_block<T, 4>(A, lda, panel + j, C + j, ldc, depth, first); break;
      case 3: micro_block<T, 3>(A, lda, panel + j, C + j, ldc, depth, first); break;
      case 2: micro_block<T, 2>(A, lda, panel + j, C + j, ldc, depth, first); break;
      default: micro_block<T, 1>(A, lda, panel + j, C + j, ldc, depth, first); break;
    }
  }
  for (Index r = 0; r < rows; ++r) {  // the last columns, one entry at a time, in the same order
    for (Index j = vector_cols; j < cols; ++j) {
      T sum = first ? T(0) : C[r * ldc + j];
      for (Index c = 0; c < depth; ++c) sum += A[r * lda + c] * panel[c * kPanelCols + j];
      C[r * ldc + j] = sum;
    }
  }
}

template <typename T>
void multiply_of(const T* A, Index lda, const T* B, Index ldb, T* C, Index ldc, Index n, Index k, Index p,
                 Product how) {
  if (k == 0 && !how.accumulate) {
    for (Index r = 0; r < n; ++r) std::fill(C + r * ldc, C + r * ldc + p, T(0));
  }
  std::vector<T> panel(static_cast<std::size_t>(kPanelDepth * kPanelCols));
  for (Index k0 = 0; k0 < k; k0 += kPanelDepth) {
    const Index depth = std::min(kPanelDepth, k - k0);
    for (Index j0 = 0; j0 < p; j0 += kPanelCols) {
      const Index cols = std::min(kPanelCols, p - j0);
      // The panel: B[k0 + c][j0 + j] at panel[c][j].
      if (how.b_transposed) {
        for (Index j = 0; j < cols; ++j) {
          for (Index c = 0; c < depth; ++c) panel[c * kPanelCols + j] = B[(j0 + j) * ldb + k0 + c];
        }
      } else {
        for (Index c = 0; c < depth; ++c) std::copy_n(B + (k0 + c) * ldb + j0, cols, panel.begin() + c * kPanelCols);
      }
      const bool first = k0 == 0 && !how.accumulate;
      for (Index i = 0; i < n; i += kRows) {
        rows_of_panel(A + i * lda + k0, lda, panel.data(), C + i * ldc + j0, ldc, std::min(kRows, n - i), depth,
                      cols, first);
      }
    }
  }
}

}  // namespace

void multiply(const double* A, Index lda, const double* B, Index ldb, double* C, Index ldc, Index n, Index k,
              Index p, Product how) {
  multiply_of(A, lda, B, ldb, C, ldc, n, k, p, how);
}

void multiply(const float* A, Index lda, const float* B, Index ldb, float* C, Index ldc, Index n, Index k,
              Index p, Product how) {
  multiply_of(A, lda, B, ldb, C, ldc, n, k, p, how);
}

Matrix product(const Matrix& A, const Matrix& B) {
  Matrix C(A.rows(), B.cols());
  if (A.cols() == 0) return C.setZero();  // an empty sum: multiply would leave C unwritten
  multiply(A.data(), A.cols(), B.data(), B.cols(), C.data(), C.cols(), A.rows(), A.cols(), B.cols());
  return C;
}

}  // namespace atlas
