#include "atlas/lessons/tiling.hpp"

#include <stdexcept>
#include <vector>

#include "atlas/attention/limits.hpp"
#include "atlas/attention/tiled_attention.hpp"
#include "atlas/lessons/attention_costs.hpp"
#include "helpers.hpp"

using atlas::Matrix;

TEST_CASE("tiling_lesson: the tiled output matches the standard one and the difference is reported") {
  for (bool causal : {false, true}) {
    const auto t = atlas::tiling_lesson(13, 8, 4, 5, causal, 3);
    REQUIRE(t.Q.rows() == 13);
    REQUIRE(t.V.cols() == 8);
    REQUIRE(t.mask.has_value() == causal);
    REQUIRE(t.tiled.trace.size() == static_cast<std::size_t>(4 * 3));
    REQUIRE(t.max_difference == (t.tiled.output - t.standard.output).cwiseAbs().maxCoeff());
    REQUIRE(t.max_difference < 1e-12);
    REQUIRE(t.tiled.skipped_tiles == (causal ? 3 : 0));  // key blocks start at 5, 10; query blocks end at 3, 7, 11, 12
  }
  // The same seed gives the same inputs; another seed others.
  REQUIRE(atlas::tiling_lesson(5, 2, 2, 2, false, 1).Q == atlas::tiling_lesson(5, 2, 3, 1, true, 1).Q);
  REQUIRE(atlas::tiling_lesson(5, 2, 2, 2, false, 1).Q != atlas::tiling_lesson(5, 2, 2, 2, false, 2).Q);
  REQUIRE_THROWS_WITH(atlas::tiling_lesson(5, 2, 0, 2, false, 1), Catch::Contains("blockRows"));
  REQUIRE_THROWS_WITH(atlas::tiling_lesson(300, 2, 2, 2, false, 1), Catch::Contains("n must be"));
}

TEST_CASE("attention_memory counts what attention() and attention_tiled() really hold") {
  for (int n : {1, 6, 40}) {
    const Matrix Q = atlas::test::random_matrix(n, 3, 4);
    const auto standard = atlas::attention(Q, Q, Q);
    const auto tiled = atlas::attention_tiled(Q, Q, Q, 8, 16);
    const auto mem = atlas::attention_memory({n}, 3, 8, 16);
    REQUIRE(mem.standard(0) == 8.0 * (standard.scores.size() + standard.weights.size() + standard.row_sums.size()));
    REQUIRE(mem.tiled(0) == static_cast<double>(tiled.working_bytes));
    REQUIRE(mem.inputs(0) == 8.0 * (3 * Q.size() + standard.output.size()));
  }
  // Standard grows as n^2, tiled as n: doubling n multiplies them by about 4 and exactly 2 (+ the fixed tile).
  const auto mem = atlas::attention_memory({1024, 2048}, 64, 64, 64);
  REQUIRE(mem.standard(1) / mem.standard(0) == Approx(4.0).epsilon(1e-3));
  REQUIRE(mem.tiled(1) - mem.tiled(0) == 8.0 * 2 * 1024);
  REQUIRE_THROWS_WITH(atlas::attention_memory({}, 4, 2, 2), Catch::Contains("ns must hold 1 to"));
  REQUIRE_NOTHROW(atlas::attention_memory(std::vector<int>(atlas::kMaxCostLengths, 8), 4, 2, 2));
  REQUIRE_THROWS_WITH(atlas::attention_memory(std::vector<int>(atlas::kMaxCostLengths + 1, 8), 4, 2, 2),
                      Catch::Contains("ns must hold 1 to"));
}

TEST_CASE("attention_io follows Algorithm 0 and Algorithm 1 line by line, and Theorem 2's orders") {
  const int d = 64;
  const long M = 64 * 1024;
  const auto io = atlas::attention_io({1024, 2048, 4096, 8192}, d, M);
  REQUIRE(io.block_cols == 256);  // ceil(M / 4d)
  REQUIRE(io.block_rows == 64);   // min(B_c, d)
  // N = 1024: T_c = 4.
  REQUIRE(io.standard(0) == 4.0 * 1024 * 64 + 4.0 * 1024 * 1024);
  REQUIRE(io.tiled(0) == 3.0 * 1024 * 64 + 2.0 * 1024 + 4.0 * 1024 * (3 * 64 + 4));
  // Theta(N^2 d^2 / M): doubling N multiplies the tiled count by about 4 once T_c dominates, and the
  // count over N^2 d^2 / M tends to 4 (3d + 4) / d = 12 + 16 / d (T_c N (3d + 4) with T_c = 4 N d / M).
  REQUIRE(io.tiled(3) / io.tiled(2) == Approx(4.0).epsilon(0.05));
  const double N = 1 << 20;
  REQUIRE(atlas::attention_io({1 << 20}, d, M).tiled(0) / (N * N * d * d / M) == Approx(12.0 + 16.0 / d).epsilon(1e-3));
  // Doubling M (within the range) roughly halves it.
  const auto io2 = atlas::attention_io({8192}, d, 2 * M);
  REQUIRE(io.tiled(3) / io2.tiled(0) == Approx(2.0).epsilon(0.05));
  REQUIRE(io.in_range == std::vector<bool>{true, true, true, true});
  REQUIRE(atlas::attention_io({512}, d, M).in_range == std::vector<bool>{false});  // M > N d
  REQUIRE_THROWS_WITH(atlas::attention_io({512}, d, 0), Catch::Contains("M must be"));
}
