// The random projections (projections.hpp): nested across d_model, the same whatever order
// a ProjectionDraws grows in, the products taken from the kept draws equal the matrices'
// products, and multi-head attention from kept draws equals it from the matrices.
#include "atlas/attention/projections.hpp"

#include <cmath>
#include <optional>
#include <stdexcept>

#include "atlas/attention/mask.hpp"
#include "atlas/attention/multi_head.hpp"
#include "helpers.hpp"

using atlas::Matrix;
using atlas::ProjectionDraws;
using atlas::ProjectionMatrix;
using atlas::random_projections;
using atlas::test::random_matrix;

namespace {
constexpr ProjectionMatrix kAll[] = {ProjectionMatrix::Query, ProjectionMatrix::Key, ProjectionMatrix::Value,
                                     ProjectionMatrix::Output};
}  // namespace

TEST_CASE("projections: a smaller d_model's draws are the top-left block of a larger one's") {
  const auto small = random_projections(5, 11), large = random_projections(37, 11);
  const std::pair<const Matrix*, const Matrix*> pairs[] = {
      {&small.Wq, &large.Wq}, {&small.Wk, &large.Wk}, {&small.Wv, &large.Wv}, {&small.Wo, &large.Wo}};
  for (const auto& [s, l] : pairs) {
    // Entries scale by 1/sqrt(d_model): N(0, 1/d_model) at every size.
    const Matrix unscaled_small = *s * std::sqrt(5.0), unscaled_large = l->topLeftCorner(5, 5) * std::sqrt(37.0);
    REQUIRE(unscaled_small.isApprox(unscaled_large, 1e-14));
  }
  REQUIRE_FALSE(large.Wq.isApprox(large.Wk, 1e-3));  // four streams, not one
}

TEST_CASE("projections: kept draws grown up, down and up again give the fresh matrices") {
  ProjectionDraws draws(23);
  for (int d : {3, 64, 16, 1, 100, 64}) {
    INFO("d_model " << d);
    const auto fresh = random_projections(d, 23);
    const Matrix* expected[] = {&fresh.Wq, &fresh.Wk, &fresh.Wv, &fresh.Wo};
    for (int w = 0; w < 4; ++w) REQUIRE(draws.matrix(kAll[w], d).isApprox(*expected[w], 0.0));
  }
}

TEST_CASE("projections: project(X) is X times the matrix, from draws grown further") {
  ProjectionDraws draws(5);
  draws.matrix(ProjectionMatrix::Value, 40);  // grown past the width of X
  const Matrix X = random_matrix(6, 24, 2);
  for (ProjectionMatrix w : kAll) {
    const Matrix reference = X * ProjectionDraws(5).matrix(w, 24);
    REQUIRE(draws.project(X, w).isApprox(reference, 1e-13));
  }
}

TEST_CASE("projections: multi-head attention from kept draws equals it from the matrices") {
  const int n = 7, d = 32;
  const Matrix X = random_matrix(n, d, 4);
  ProjectionDraws draws(9);
  draws.matrix(ProjectionMatrix::Query, 48);  // kept draws larger than d_model
  for (const bool causal : {false, true}) {
    INFO("causal " << causal);
    const std::optional<Matrix> mask = causal ? std::optional<Matrix>(atlas::causal_mask(n)) : std::nullopt;
    const auto kept = atlas::multi_head_attention(X, draws, 4, mask);
    const auto fresh = atlas::multi_head_attention(X, random_projections(d, 9), 4, mask);
    REQUIRE(kept.heads.size() == 4);
    for (int h = 0; h < 4; ++h) REQUIRE(kept.heads[h].result.weights.isApprox(fresh.heads[h].result.weights, 1e-12));
    REQUIRE(kept.concat.isApprox(fresh.concat, 1e-12));
    REQUIRE(kept.output.isApprox(fresh.output, 1e-12));
  }
  REQUIRE_THROWS_WITH(atlas::multi_head_attention(X, draws, 5), Catch::Contains("d_model (32) must be a multiple of heads (5)"));
}

TEST_CASE("projections: d_model outside 1..1024 names d_model") {
  ProjectionDraws draws(1);
  REQUIRE_THROWS_WITH(draws.matrix(ProjectionMatrix::Key, 0), Catch::Contains("d_model must be"));
  REQUIRE_THROWS_AS(draws.matrix(ProjectionMatrix::Key, 1025), std::invalid_argument);
  REQUIRE_THROWS_WITH(draws.project(Matrix::Zero(2, 0), ProjectionMatrix::Query), Catch::Contains("d_model must be"));
  REQUIRE(draws.matrix(ProjectionMatrix::Key, 2).rows() == 2);  // still usable after a refusal
}
