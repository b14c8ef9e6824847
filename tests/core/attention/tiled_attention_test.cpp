#include "atlas/attention/tiled_attention.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/mask.hpp"
#include "helpers.hpp"

using atlas::Matrix;
using atlas::attention;
using atlas::attention_tiled;
using atlas::test::random_matrix;

namespace {

double max_abs(const Matrix& a, const Matrix& b) { return (a - b).cwiseAbs().maxCoeff(); }

// A mask with random blocked entries, one row left fully blocked.
Matrix random_mask(int n, int m, std::uint64_t seed) {
  atlas::Rng rng(seed);
  Matrix mask(n, m);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < m; ++c) mask(r, c) = rng.uniform() < 0.4 ? 1.0 : 0.0;
  }
  mask.row(n / 2).setOnes();
  return mask;
}

}  // namespace

TEST_CASE("attention_tiled equals attention within 1e-12 for block sizes that do and do not divide n") {
  for (double scale : {1.0, 1e2, 1e-4}) {
    const Matrix Q = random_matrix(23, 8, 1, scale), K = random_matrix(23, 8, 2, scale), V = random_matrix(23, 5, 3);
    const Matrix reference = attention(Q, K, V).output;
    for (auto [br, bc] : {std::pair{1, 1}, {4, 4}, {5, 7}, {23, 23}, {8, 3}, {64, 64}, {23, 1}}) {
      INFO("scale " << scale << ", blocks " << br << " x " << bc);
      const auto r = attention_tiled(Q, K, V, br, bc);
      REQUIRE(max_abs(r.output, reference) < 1e-12);
      REQUIRE(r.row_blocks == (23 + br - 1) / br);
      REQUIRE(r.col_blocks == (23 + bc - 1) / bc);
      REQUIRE(r.skipped_tiles == 0);
    }
  }
}

TEST_CASE("attention_tiled with a mask equals masked attention, fully blocked rows included") {
  const Matrix Q = random_matrix(17, 4, 4), K = random_matrix(12, 4, 5), V = random_matrix(12, 3, 6);
  for (const Matrix& mask : {random_mask(17, 12, 7), Matrix(Matrix::Zero(17, 12))}) {
    const auto reference = attention(Q, K, V, mask);
    for (auto [br, bc] : {std::pair{3, 5}, {4, 4}, {17, 12}, {1, 2}}) {
      INFO("blocks " << br << " x " << bc);
      const auto r = attention_tiled(Q, K, V, br, bc, mask);
      REQUIRE(max_abs(r.output, reference.output) < 1e-12);
      for (int row = 0; row < 17; ++row) {
        if (reference.row_sums(row) == 0.0) {  // fully blocked: l = 0, m = -inf, output 0
          REQUIRE(r.l(row) == 0.0);
          REQUIRE(r.m(row) == -std::numeric_limits<double>::infinity());
          REQUIRE(r.output.row(row).isZero(0.0));
        } else {
          REQUIRE(r.l(row) >= 1.0);  // the row's maximum contributed exp(0)
        }
      }
    }
  }
}

TEST_CASE("a causal mask skips exactly the tiles wholly above the diagonal") {
  const int n = 20;
  const Matrix Q = random_matrix(n, 6, 8), K = random_matrix(n, 6, 9), V = random_matrix(n, 6, 10);
  const Matrix mask = atlas::causal_mask(n);
  for (auto [br, bc] : {std::pair{4, 4}, {3, 7}, {1, 1}, {20, 20}}) {
    INFO("blocks " << br << " x " << bc);
    const auto r = attention_tiled(Q, K, V, br, bc, mask, true);
    REQUIRE(max_abs(r.output, attention(Q, K, V, mask).output) < 1e-12);
    // Tile (i, j) is wholly blocked when its first key lies after its last query.
    int expected = 0;
    for (int i = 0; i < r.row_blocks; ++i) {
      for (int j = 0; j < r.col_blocks; ++j) expected += j * bc > std::min(n, (i + 1) * br) - 1 ? 1 : 0;
    }
    REQUIRE(r.skipped_tiles == expected);
    int flagged = 0;
    for (const auto& t : r.trace) flagged += t.skipped ? 1 : 0;
    REQUIRE(flagged == expected);
  }
  // Square blocks dividing n: T (T - 1) / 2 of the T^2 tiles are above the diagonal.
  REQUIRE(attention_tiled(Q, K, V, 4, 4, mask).skipped_tiles == 5 * 4 / 2);
}

TEST_CASE("the trace visits tiles key block by key block, and its last m, l and partial output are the result") {
  const Matrix Q = random_matrix(10, 3, 11), K = random_matrix(10, 3, 12), V = random_matrix(10, 2, 13);
  const auto standard = attention(Q, K, V);
  const auto r = attention_tiled(Q, K, V, 4, 3, std::nullopt, true);
  REQUIRE(r.trace.size() == static_cast<std::size_t>(r.tiles));
  REQUIRE(r.tiles == 3 * 4);
  for (std::size_t k = 0; k < r.trace.size(); ++k) {
    REQUIRE(r.trace[k].col_block == static_cast<int>(k) / 3);  // j outer
    REQUIRE(r.trace[k].row_block == static_cast<int>(k) % 3);  // i inner
  }
  // After each tile, m of a row is the max of its scores over the keys seen so far.
  for (const auto& t : r.trace) {
    for (int a = 0; a < t.row_count; ++a) {
      const int seen = t.col_start + t.col_count;
      REQUIRE(t.m(a) == Approx(standard.scores.row(t.row_start + a).head(seen).maxCoeff()).margin(1e-14));
      const double l = (standard.scores.row(t.row_start + a).head(seen).array() - t.m(a)).exp().sum();
      REQUIRE(t.l(a) == Approx(l).epsilon(1e-13));
    }
  }
  for (const auto& t : r.trace) {
    if (t.col_block != r.col_blocks - 1) continue;
    REQUIRE(max_abs(t.partial, standard.output.middleRows(t.row_start, t.row_count)) < 1e-12);
  }
  // A row's partial output after the first key block is attention over those keys alone.
  const auto first = attention(Q, K.topRows(3), V.topRows(3));
  REQUIRE(max_abs(r.trace[0].partial, first.output.topRows(4)) < 1e-12);
}

TEST_CASE("attention_tiled holds one tile and m, l: working_bytes") {
  const Matrix Q = random_matrix(30, 4, 14);
  REQUIRE(attention_tiled(Q, Q, Q, 8, 5).working_bytes == 8 * (8 * 5 + 2 * 30));
  REQUIRE(attention_tiled(Q, Q, Q, 64, 64).working_bytes == 8 * (30 * 30 + 2 * 30));  // a block larger than n is n
}

TEST_CASE("attention_tiled rejects bad input with a message naming the argument") {
  const Matrix Q = random_matrix(6, 4, 15), K = random_matrix(6, 4, 16), V = random_matrix(6, 2, 17);
  REQUIRE_THROWS_WITH(attention_tiled(Q, K, V, 0, 2), Catch::Contains("blockRows"));
  REQUIRE_THROWS_WITH(attention_tiled(Q, K, V, 2, 0), Catch::Contains("blockCols"));
  REQUIRE_THROWS_WITH(attention_tiled(Q, random_matrix(6, 3, 1), V, 2, 2), Catch::Contains("K is 6 x 3"));
  REQUIRE_THROWS_WITH(attention_tiled(Q, K, random_matrix(5, 2, 1), 2, 2), Catch::Contains("V is 5 x 2"));
  REQUIRE_THROWS_WITH(attention_tiled(Q, K, V, 2, 2, Matrix(Matrix::Constant(6, 6, 0.5))), Catch::Contains("mask"));
  Matrix bad = Q;
  bad(1, 1) = std::nan("");
  REQUIRE_THROWS_WITH(attention_tiled(bad, K, V, 2, 2), Catch::Contains("Q has a non-finite"));
  const Matrix big = random_matrix(200, 1, 1);
  REQUIRE_THROWS_WITH(attention_tiled(big, big, big, 1, 1, std::nullopt, true), Catch::Contains("trace of 40000 tiles"));
  REQUIRE_THROWS_WITH(attention_tiled(Q * 1e160, K * 1e160, V, 2, 2), Catch::Contains("overflows"));
}
