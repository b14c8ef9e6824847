#include <stdexcept>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/mask.hpp"
#include "helpers.hpp"

using atlas::Matrix;
using atlas::causal_mask;
using atlas::window_mask;

TEST_CASE("window_mask blocks exactly the future, keys w or more back, except the first k") {
  for (int n : {1, 7, 16}) {
    for (int w = 1; w <= n; ++w) {
      for (int k = 0; k <= w; ++k) {
        const Matrix mask = window_mask(n, w, k);
        for (int i = 0; i < n; ++i) {
          for (int j = 0; j < n; ++j) {
            const bool allowed = j <= i && (i - j <= w - 1 || j <= k - 1);
            INFO("n " << n << ", w " << w << ", k " << k << ", i " << i << ", j " << j);
            REQUIRE(mask(i, j) == (allowed ? 0.0 : 1.0));
          }
        }
        // Row i sees min(i + 1, w + sinks before its window) keys.
        for (int i = 0; i < n; ++i) {
          const int window_keys = std::min(i + 1, w);
          const int extra = std::max(0, std::min(k, i + 1 - w));
          REQUIRE((mask.row(i).array() == 0.0).count() == window_keys + extra);
        }
      }
    }
  }
}

TEST_CASE("a window of w >= n is the causal mask and gives full causal attention") {
  const Matrix Q = atlas::test::random_matrix(9, 4, 1), K = atlas::test::random_matrix(9, 4, 2);
  const auto full = atlas::attention(Q, K, K, causal_mask(9));
  for (int w : {9, 10, 4096}) {
    REQUIRE(window_mask(9, w) == causal_mask(9));
    REQUIRE(window_mask(9, w, 3) == causal_mask(9));
    REQUIRE(atlas::attention(Q, K, K, window_mask(9, w)).output == full.output);
  }
  REQUIRE(window_mask(9, 1) == Matrix(Matrix::Ones(9, 9) - Matrix::Identity(9, 9)));  // each query sees itself only
}

TEST_CASE("window_mask rejects a window below 1 and sinks outside 0..w") {
  REQUIRE_THROWS_WITH(window_mask(8, 0), Catch::Contains("window"));
  REQUIRE_THROWS_WITH(window_mask(8, 4, 5), Catch::Contains("sinks must be from 0 to the window (4); got 5"));
  REQUIRE_THROWS_WITH(window_mask(8, 4, -1), Catch::Contains("sinks"));
  REQUIRE_THROWS_WITH(window_mask(0, 4), Catch::Contains("n must be"));
}
