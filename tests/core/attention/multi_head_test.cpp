// Multi-head attention: per-head invariants, the one-head case against plain
// attention and against self_attention, and bad input.
#include "atlas/attention/multi_head.hpp"

#include <cmath>
#include <stdexcept>

#include "atlas/attention/embedding.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/self_attention.hpp"
#include "helpers.hpp"

using atlas::Matrix;
using atlas::multi_head_attention;
using atlas::random_projections;
using atlas::test::random_matrix;
using atlas::test::require_stochastic_rows;

TEST_CASE("multi-head: every head's rows sum to 1 and the shapes follow d_k = d_model / heads") {
  const int n = 7, d = 16;
  const auto p = random_projections(d, 3);
  for (int heads : {1, 2, 4, 8, 16}) {
    for (double scale : {1.0, 1e4, 1e-4}) {
      INFO("heads " << heads << " scale " << scale);
      const auto r = multi_head_attention(random_matrix(n, d, 9, scale), p, heads);
      REQUIRE(r.d_k == d / heads);
      REQUIRE(static_cast<int>(r.heads.size()) == heads);
      for (const auto& head : r.heads) {
        REQUIRE(head.Q.rows() == n);
        REQUIRE(head.Q.cols() == d / heads);
        REQUIRE(head.result.weights.rows() == n);
        REQUIRE(head.result.weights.cols() == n);
        REQUIRE(head.result.output.cols() == d / heads);
        REQUIRE(head.result.weights.allFinite());
        require_stochastic_rows(head.result.weights);
      }
      REQUIRE(r.concat.rows() == n);
      REQUIRE(r.concat.cols() == d);
      REQUIRE(r.output.rows() == n);
      REQUIRE(r.output.cols() == d);
      REQUIRE(r.output.allFinite());
    }
  }
}

TEST_CASE("multi-head: each head is attention on its column block, and output = concat W_O") {
  const int n = 5, d = 12, heads = 3, dk = 4;
  const Matrix X = random_matrix(n, d, 21);
  const auto p = random_projections(d, 8);
  const auto r = multi_head_attention(X, p, heads);
  for (int h = 0; h < heads; ++h) {
    INFO("head " << h);
    const Matrix Wq = p.Wq.middleCols(h * dk, dk), Wk = p.Wk.middleCols(h * dk, dk),
                 Wv = p.Wv.middleCols(h * dk, dk);
    const auto ref = atlas::attention(X * Wq, X * Wk, X * Wv);
    REQUIRE(r.heads[h].result.weights.isApprox(ref.weights, 1e-12));
    REQUIRE(r.concat.middleCols(h * dk, dk).isApprox(ref.output, 1e-12));
    // Scores are scaled by the head's own width: sqrt(d_k), not sqrt(d_model).
    const Matrix scores = (X * Wq) * (X * Wk).transpose() / std::sqrt(static_cast<double>(dk));
    REQUIRE(r.heads[h].result.scores.isApprox(scores, 1e-12));
  }
  REQUIRE(r.output.isApprox(r.concat * p.Wo, 1e-12));
}

TEST_CASE("one head equals single-head attention with the same projections") {
  const int d = 8;
  const Matrix X = random_matrix(6, d, 4);
  const auto p = random_projections(d, 5);
  const auto r = multi_head_attention(X, p, 1);
  const auto ref = atlas::attention(X * p.Wq, X * p.Wk, X * p.Wv);
  REQUIRE(r.heads[0].result.weights.isApprox(ref.weights, 1e-13));
  REQUIRE(r.concat.isApprox(ref.output, 1e-13));
}

TEST_CASE("one head with random_projections reproduces self_attention for the same seed") {
  const std::vector<std::string> words{"the", "cat", "sat", "on", "the", "mat"};
  for (int d : {4, 16, 64}) {
    INFO("d " << d);
    const auto single = atlas::self_attention(words, {d, 42});
    const auto multi = multi_head_attention(atlas::embed_words(words, d, 42), random_projections(d, 42), 1);
    REQUIRE(multi.heads[0].result.weights.isApprox(single.result.weights, 1e-13));
    REQUIRE(multi.heads[0].Q.isApprox(single.Q, 1e-13));
  }
}

TEST_CASE("changing the number of heads only regroups the same projected columns") {
  const int d = 8;
  const Matrix X = random_matrix(4, d, 30);
  const auto p = random_projections(d, 31);
  const auto one = multi_head_attention(X, p, 1);
  const auto four = multi_head_attention(X, p, 4);
  for (int h = 0; h < 4; ++h) {
    REQUIRE(four.heads[h].Q.isApprox(one.heads[0].Q.middleCols(2 * h, 2), 1e-14));
    REQUIRE(four.heads[h].V.isApprox(one.heads[0].V.middleCols(2 * h, 2), 1e-14));
  }
}

TEST_CASE("random projections: seeded, N(0, 1/d_model) entries, a new seed gives new weights") {
  const int d = 64;
  const auto a = random_projections(d, 7), b = random_projections(d, 7), c = random_projections(d, 8);
  REQUIRE(a.Wo.isApprox(b.Wo, 0.0));
  REQUIRE_FALSE(a.Wq.isApprox(c.Wq, 1e-3));
  for (const Matrix* w : {&a.Wq, &a.Wk, &a.Wv, &a.Wo}) {
    const double var = w->array().square().mean();  // 4096 draws: sd of the estimate ~ 0.022 / d
    REQUIRE(var * d == Approx(1.0).margin(0.1));
  }
}

TEST_CASE("a causal mask applies to every head") {
  const int n = 5, d = 8;
  const auto r = multi_head_attention(random_matrix(n, d, 2), random_projections(d, 3), 4, atlas::causal_mask(n));
  for (const auto& head : r.heads) {
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) REQUIRE(head.result.weights(i, j) == 0.0);
    }
    require_stochastic_rows(head.result.weights);
  }
}

TEST_CASE("multi-head rejects a d_model that heads do not divide, and other bad input") {
  const Matrix X = random_matrix(3, 10, 1);
  const auto p = random_projections(10, 1);
  REQUIRE_THROWS_WITH(multi_head_attention(X, p, 4), Catch::Contains("d_model (10) must be a multiple of heads (4)"));
  REQUIRE_THROWS_WITH(multi_head_attention(X, p, 0), Catch::Contains("heads must be an integer from 1 to 10"));
  REQUIRE_THROWS_WITH(multi_head_attention(X, p, 11), Catch::Contains("heads must be"));
  REQUIRE_THROWS_WITH(multi_head_attention(random_matrix(3, 8, 1), p, 2), Catch::Contains("W_Q is 10 x 10; expected d_model x d_model = 8 x 8"));
  Matrix bad = X;
  bad(1, 2) = std::nan("");
  REQUIRE_THROWS_WITH(multi_head_attention(bad, p, 2), Catch::Contains("X has a non-finite value"));
  REQUIRE_THROWS_WITH(multi_head_attention(X, p, 2, Matrix::Zero(2, 3)), Catch::Contains("mask"));
  REQUIRE_THROWS_WITH(random_projections(0, 1), Catch::Contains("d_model must be"));
  REQUIRE_THROWS_AS(random_projections(2000, 1), std::invalid_argument);
}
