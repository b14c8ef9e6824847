// Matrix types shared by the whole core.
//
// Purpose: one spelling of "a dense matrix" so every header agrees. Row-major
// because the JavaScript side hands us row-major {rows, cols, data} and we want
// a plain memcpy in and out.
//
// Precision: double everywhere by default. Every figure's builder and every
// parity test (native vs WASM to 1e-5, row sums to 1e-12) uses Matrix. The
// float32 types below exist for one fast path only, attention() on MatrixF
// (attention.hpp, reached from JS with {precision: 'float32'}): float halves the
// bytes each product moves and doubles the lanes of a WASM SIMD register, which
// is what large n (512, 1024) needs; its results agree with double within the
// tolerance attention.hpp states.
// Non-goals: no sparse storage, no expression-template tricks.
#pragma once

#include <Eigen/Dense>

namespace atlas {

using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;

using MatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using VectorF = Eigen::VectorXf;

}  // namespace atlas
