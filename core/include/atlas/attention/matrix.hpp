// Matrix types shared by the whole core.
//
// Purpose: one spelling of "a dense matrix of doubles" so every header agrees.
// Row-major because the JavaScript side hands us row-major {rows, cols, data}
// and we want a plain memcpy in and out. Double precision everywhere: the
// figures are small (n <= 1024) and double keeps native and WASM results
// identical to the last few bits, which the parity tests rely on.
// Non-goals: no float path, no sparse storage, no expression-template tricks.
#pragma once

#include <Eigen/Dense>

namespace atlas {

using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;

}  // namespace atlas
