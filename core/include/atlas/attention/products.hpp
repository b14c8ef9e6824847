// C = A B, C = A B^T, or C += either, for dense row-major blocks given as pointers and row
// strides: the two products of attention (Q K^T and weights V) in attention.cpp and
// attention_tiled.
//
// Purpose: Eigen 3.4 has no WebAssembly SIMD kernels, so its products run scalar in the
// page. This is a small blocked kernel over 16-byte vectors (f64x2 / f32x4 with
// -msimd128, SSE2 natively): B is copied panel by panel (128 of its rows x 64 columns,
// transposing it when asked) into a scratch buffer of fixed size, and each block of 4 rows
// of A times 2 vectors of the panel's columns is summed in 8 accumulators.
//
// Numerics: every entry is summed in the same order, k = 0, 1, ..., starting from +0 (or
// from C's entry when accumulating), whichever block, tail or panel computes it, so equal
// rows of A give bit-identical rows of C (the text figures rely on repeated words sharing a
// row exactly), and an entry does not depend on n or on its row's position.
// Shapes: A (n x k, stride lda); B (k x p, stride ldb), or (p x k) when transposed; C (n x
// p, stride ldc). C must not overlap A or B.
#pragma once

#include <cstddef>

#include "atlas/attention/matrix.hpp"

namespace atlas {

struct Product {
  bool b_transposed = false;  // B is stored as p x k: C = A B^T
  bool accumulate = false;    // C += the product (otherwise C is overwritten)
};

void multiply(const double* A, std::ptrdiff_t lda, const double* B, std::ptrdiff_t ldb, double* C,
              std::ptrdiff_t ldc, std::ptrdiff_t n, std::ptrdiff_t k, std::ptrdiff_t p, Product how = {});
void multiply(const float* A, std::ptrdiff_t lda, const float* B, std::ptrdiff_t ldb, float* C,
              std::ptrdiff_t ldc, std::ptrdiff_t n, std::ptrdiff_t k, std::ptrdiff_t p, Product how = {});

// A B of whole matrices (inner sizes must agree; checked by the caller), by multiply: the
// projections X W of sections 1, 3 and 15. Eigen's product ran scalar in the page and packed
// all of W first, 85 of 230 ms of a multi-head step at d_model = 1024.
Matrix product(const Matrix& A, const Matrix& B);

}  // namespace atlas
