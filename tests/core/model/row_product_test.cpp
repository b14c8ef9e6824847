// linear_forward's path for a few rows (operations.hpp, row_product.cpp) against
// Eigen's product: widths that fill the 16-column blocks and ones that leave a
// tail, a weight that is a block of a wider matrix (row stride > its width), and
// the row count where Eigen's product takes over; and one float query's attention
// (a decoding step: row_dots and row_product) against the same in double.
#include <random>

#include "atlas/model/causal_attention.hpp"
#include "atlas/model/operations.hpp"
#include "helpers.hpp"

using atlas::model::attention_forward;
using atlas::model::linear_forward;
using atlas::model::row_dots;
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

TEST_CASE("row_dots sums each row's products in the plain loop's order: the same floats, bit for bit", "[model]") {
  // Bit for bit is the point: a decoding step's scores then equal those of the whole
  // sequence's product (kv_cache_test checks the cache's keys and values at every layer).
  for (const Eigen::Index k : {1, 3, 4, 16, 19}) {
    for (const Eigen::Index count : {1, 3, 4, 9, 100}) {
      INFO("k " << k << ", rows " << count);
      const RowMatrix<float> x = random_matrix(1, k, 7), rows = random_matrix(count, k + 5, 8);  // row stride k + 5
      std::vector<float> out(static_cast<std::size_t>(count));
      row_dots(x.data(), k, rows.data(), rows.outerStride(), count, out.data());
      for (Eigen::Index j = 0; j < count; ++j) {
        float plain = 0.0f;
        for (Eigen::Index i = 0; i < k; ++i) plain += x(0, i) * rows(j, i);
        REQUIRE(out[static_cast<std::size_t>(j)] == plain);
      }
    }
  }
}

TEST_CASE("one float query's attention (a decoding step) gives the double computation, over a cache's first rows", "[model]") {
  const int heads = 4;
  for (const Eigen::Index width : {16, 6}) {  // head widths that fill the 4-float vectors and one that leaves a tail
    for (const Eigen::Index keys : {1, 9, 100}) {
      INFO("head width " << width << ", keys " << keys);
      const Eigen::Index D = heads * width;
      const RowMatrix<float> query = random_matrix(1, D, 4);
      const RowMatrix<float> key_cache = random_matrix(128, D, 5), value_cache = random_matrix(128, D, 6);
      const std::vector<char> ablated{0, 1, 0, 0};
      atlas::Matrix blocked = atlas::Matrix::Zero(1, keys);
      blocked(0, 0) = keys > 1 ? 1.0 : 0.0;  // an extra mask blocks key 0 (one key must stay open)
      std::vector<RowMatrix<float>> weights;
      const RowMatrix<float> out =
          attention_forward(query, key_cache.topRows(keys), value_cache.topRows(keys), heads, ablated, &blocked, weights);
      std::vector<RowMatrix<double>> expected_weights;
      const RowMatrix<double> key = key_cache.topRows(keys).cast<double>(), value = value_cache.topRows(keys).cast<double>();
      const RowMatrix<double> expected =
          attention_forward(RowMatrix<double>(query.cast<double>()), key, value, heads, ablated, &blocked, expected_weights);
      REQUIRE(weights.size() == static_cast<std::size_t>(heads));
      for (int h = 0; h < heads; ++h) {
        REQUIRE(weights[static_cast<std::size_t>(h)].cols() == keys);
        REQUIRE((weights[static_cast<std::size_t>(h)].cast<double>() - expected_weights[static_cast<std::size_t>(h)]).cwiseAbs().maxCoeff() <= 1e-5);
      }
      if (keys > 1) REQUIRE(weights[0](0, 0) == 0.0f);  // blocked: exactly 0
      REQUIRE(out.middleCols(width, width).isZero(0.0));    // head 2 ablated: its columns are 0
      REQUIRE((out.cast<double>() - expected).cwiseAbs().maxCoeff() <= 1e-5);
    }
  }
}
