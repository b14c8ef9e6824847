#include "atlas/lessons/attention_trace.hpp"

#include <cmath>
#include <stdexcept>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/mask.hpp"
#include "helpers.hpp"

using atlas::AttentionTrace;
using atlas::Matrix;
using atlas::Vector;
using atlas::attention;
using atlas::attention_trace;
using atlas::test::random_matrix;

namespace {

// Softmax over the entries with blocked(j) == 0, written out here so the test
// does not lean on the core's own softmax.
Vector reference_softmax(const Vector& s, const Vector& blocked) {
  double top = -INFINITY;
  for (Eigen::Index j = 0; j < s.size(); ++j) if (blocked(j) == 0.0) top = std::max(top, s(j));
  Vector w = Vector::Zero(s.size());
  for (Eigen::Index j = 0; j < s.size(); ++j) if (blocked(j) == 0.0) w(j) = std::exp(s(j) - top);
  return w / w.sum();
}

void require_recomposes(const Matrix& Q, const Matrix& K, const Matrix& V, int i, const AttentionTrace& t,
                        const atlas::AttentionResult& full) {
  const double tol = 1e-12 * std::max(1.0, full.scores.cwiseAbs().maxCoeff());
  REQUIRE(t.scale == Approx(std::sqrt(static_cast<double>(Q.cols()))).epsilon(1e-15));
  for (Eigen::Index j = 0; j < K.rows(); ++j) {
    INFO("key " << j);
    for (Eigen::Index c = 0; c < Q.cols(); ++c) REQUIRE(t.products(j, c) == Q(i, c) * K(j, c));
    REQUIRE(t.raw(j) == Approx(Q.row(i).dot(K.row(j))).margin(tol));
    REQUIRE(t.raw(j) / t.scale == Approx(full.scores(i, j)).margin(tol));
    REQUIRE(t.scaled(j) == full.scores(i, j));
    REQUIRE(t.weights(j) == full.weights(i, j));
  }
  REQUIRE((t.weighted.colwise().sum().transpose() - full.output.row(i).transpose()).cwiseAbs().maxCoeff() <= 1e-12);
  REQUIRE(t.output == full.output.row(i).transpose());
}

}  // namespace

TEST_CASE("attention_trace: products, their sum and the scaling recompose the score, and the weighted values sum to the output") {
  for (double scale : {1.0, 1e2, 1e-4}) {
    INFO("scale " << scale);
    const Matrix Q = random_matrix(5, 8, 11, scale), K = random_matrix(7, 8, 12, scale);
    const Matrix V = random_matrix(7, 3, 13);
    const auto full = attention(Q, K, V);
    for (int i = 0; i < 5; ++i) {
      INFO("query " << i);
      const AttentionTrace t = attention_trace(Q, K, V, i);
      require_recomposes(Q, K, V, i, t, full);
      REQUIRE(t.blocked.isZero());
      REQUIRE((t.weights - reference_softmax(t.scaled, t.blocked)).cwiseAbs().maxCoeff() <= 1e-12);
    }
  }
}

TEST_CASE("attention_trace with a causal mask: later keys keep their score but get weight 0, the rest renormalise") {
  const int n = 6;
  const Matrix X = random_matrix(n, 4, 21);
  const Matrix mask = atlas::causal_mask(n);
  const auto full = attention(X, X, X, mask);
  for (int i = 0; i < n; ++i) {
    INFO("query " << i);
    const AttentionTrace t = attention_trace(X, X, X, i, mask);
    require_recomposes(X, X, X, i, t, full);
    for (int j = 0; j < n; ++j) {
      REQUIRE(t.blocked(j) == (j > i ? 1.0 : 0.0));
      if (j > i) {
        REQUIRE(t.weights(j) == 0.0);
        REQUIRE(t.weighted.row(j).isZero(0.0));
        REQUIRE(t.scaled(j) == Approx(X.row(i).dot(X.row(j)) / 2.0).epsilon(1e-12));  // the score survives
      }
    }
    REQUIRE(t.weights.sum() == Approx(1.0).margin(1e-12));
    REQUIRE((t.weights - reference_softmax(t.scaled, t.blocked)).cwiseAbs().maxCoeff() <= 1e-12);
  }
  // Row 0 can only see itself.
  REQUIRE(attention_trace(X, X, X, 0, mask).weights(0) == 1.0);
}

TEST_CASE("attention_trace rejects a query outside the rows and a mask of the wrong shape, naming them") {
  const Matrix Q = random_matrix(3, 2, 1), K = random_matrix(4, 2, 2), V = random_matrix(4, 2, 3);
  REQUIRE_THROWS_WITH(attention_trace(Q, K, V, 3), Catch::Contains("query"));
  REQUIRE_THROWS_WITH(attention_trace(Q, K, V, -1), Catch::Contains("query"));
  REQUIRE_THROWS_WITH(attention_trace(Q, K, V, 0, Matrix::Zero(3, 3)), Catch::Contains("mask is 3 x 3; expected 3 x 4"));
  REQUIRE_THROWS_WITH(attention_trace(Q, random_matrix(4, 3, 2), V, 0), Catch::Contains("K is 4 x 3"));
}
