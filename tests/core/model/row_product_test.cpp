// linear_forward's path for a few rows (operations.hpp, row_product.cpp) against
// Eigen's product: widths that fill the 16-column blocks and ones that leave a
// tail, a weight that is a block of a wider matrix (row stride > its width), and
// the row count where Eigen's product takes over.
#include <random>

#include "atlas/model/operations.hpp"
#include "helpers.hpp"

using atlas::model::linear_forward;
using atlas::model::RowMatrix;

namespace {
RowMatrix<float> random_matrix(Eigen::Index rows, Eigen::Index cols, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  RowMatrix<float> m(rows, cols);
  for (Eigen::Index k = 0; k < m.size(); ++k) m.data()[k] = normal(rng);
  return m;
}
}  // namespace

TEST_CASE("linear_forward on a few rows gives Eigen's product, whatever the widths and the weight's stride", "[model]") {
  for (const Eigen::Index k : {1, 7, 64}) {
    for (const Eigen::Index m : {1, 5, 16, 37, 64, 256}) {
      for (const Eigen::Index rows : {1, 2, 4, 5}) {
        INFO("k " << k << ", m " << m << ", rows " << rows);
        const RowMatrix<float> in = random_matrix(rows, k, 1);
        const RowMatrix<float> wide = random_matrix(k, m + 3, 2);
        const RowMatrix<float> weight = wide.leftCols(m);
        const RowMatrix<float> expected = (in.cast<double>() * weight.cast<double>()).cast<float>();
        const Eigen::Map<const RowMatrix<float>> map(weight.data(), k, m);
        // Float sums in another order than the double reference: within a few float steps of the sum of |terms|.
        const double bound = 1e-6 * static_cast<double>(k) * (in.cwiseAbs() * weight.cwiseAbs()).maxCoeff() + 1e-7;
        REQUIRE((linear_forward(in, map) - expected).cwiseAbs().maxCoeff() <= bound);
        REQUIRE((linear_forward(in, wide.leftCols(m)) - expected).cwiseAbs().maxCoeff() <= bound);
        const Eigen::RowVectorXf bias = random_matrix(1, m, 3).row(0);
        REQUIRE((linear_forward(in, map, bias) - (expected.rowwise() + bias)).cwiseAbs().maxCoeff() <= 2 * bound);
      }
    }
  }
}
