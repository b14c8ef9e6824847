// m.run under an extra mask (TrainedModel::run(text, mask), for section 18's
// sliding windows and sinks): no mask and a mask of zeros change nothing, a
// blocked key gets exactly zero weight, and a bad mask is named; TrainedModel::loss
// gives run's loss and losses, masked or not; run without matrices gives run's heads.
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/model/trained_model.hpp"
#include "helpers.hpp"
#include "shipped_model.hpp"

using namespace atlas::model;

namespace {

const std::string kText = "She was the youngest of the two daughters of a most affectionate, indulgent father.";

constexpr auto shipped = &atlas::test::shipped_trained_model;

// Keys more than `window - 1` positions back are blocked (a sliding window).
atlas::Matrix window_mask(int n, int window) {
  atlas::Matrix mask = atlas::Matrix::Zero(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i - window; ++j) mask(i, j) = 1.0;
  return mask;
}

std::string field_of(const std::string& text, const atlas::Matrix& mask, bool loss_only = false) {
  try {
    if (loss_only)
      shipped().loss(text, &mask);
    else
      shipped().run(text, &mask);
  } catch (const atlas::ArgumentError& e) {
    return e.field() + ": " + e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("run with no mask and with a mask of zeros gives exactly run's loss and attention", "[model][austen]") {
  const ModelRun plain = shipped().run(kText);
  const ModelRun none = shipped().run(kText, nullptr);
  const int n = static_cast<int>(plain.ids.size());
  const atlas::Matrix zeros = atlas::Matrix::Zero(n, n);
  const ModelRun zero = shipped().run(kText, &zeros);
  REQUIRE(none.loss == plain.loss);
  REQUIRE(zero.loss == plain.loss);
  REQUIRE(zero.losses == plain.losses);
  for (std::size_t l = 0; l < plain.attention.size(); ++l)
    for (std::size_t h = 0; h < plain.attention[l].size(); ++h) REQUIRE((zero.attention[l][h] - plain.attention[l][h]).cwiseAbs().maxCoeff() == 0.0);
  double mean = 0;
  for (double x : plain.losses) mean += x / static_cast<double>(plain.losses.size());
  REQUIRE(plain.losses.size() == static_cast<std::size_t>(n - 1));
  REQUIRE(mean == Approx(plain.loss).epsilon(1e-12));
}

TEST_CASE("a mask blocks exactly the keys it names, in every layer and head", "[model][austen]") {
  const ModelRun plain = shipped().run(kText);
  const int n = static_cast<int>(plain.ids.size()), window = 8;
  const atlas::Matrix mask = window_mask(n, window);
  const ModelRun windowed = shipped().run(kText, &mask);
  for (std::size_t l = 0; l < windowed.attention.size(); ++l)
    for (std::size_t h = 0; h < windowed.attention[l].size(); ++h) {
      const atlas::Matrix& A = windowed.attention[l][h];
      INFO("layer " << l << " head " << h);
      atlas::test::require_stochastic_rows(A, 1e-5);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (j > i || mask(i, j) == 1.0) REQUIRE(A(i, j) == 0.0);
      // Rows the window does not reach see what they saw without it: in the
      // first layer its input is the embedding, and no earlier row changed.
      for (int i = 0; i < window; ++i) REQUIRE((A.row(i) - plain.attention[l][h].row(i)).cwiseAbs().maxCoeff() == 0.0);
    }
  REQUIRE(windowed.loss != plain.loss);
  for (int i = 0; i + 1 < window; ++i) REQUIRE(windowed.losses[static_cast<std::size_t>(i)] == plain.losses[static_cast<std::size_t>(i)]);
}

TEST_CASE("a bad mask is refused by name", "[model][austen]") {
  const int n = static_cast<int>(shipped().run(kText).ids.size());
  REQUIRE_THAT(field_of(kText, atlas::Matrix::Zero(n - 1, n)), Catch::StartsWith("mask: mask must be 83 x 83"));
  atlas::Matrix half = atlas::Matrix::Zero(n, n);
  half(3, 1) = 0.5;
  REQUIRE_THAT(field_of(kText, half), Catch::StartsWith("mask: mask entries must be 0 (open) or 1 (blocked)"));
  atlas::Matrix all = atlas::Matrix::Zero(n, n);
  all.row(5).head(6).setOnes();
  REQUIRE_THAT(field_of(kText, all), Catch::StartsWith("mask: mask blocks every key of row 5"));
  atlas::Matrix future = atlas::Matrix::Zero(n, n);
  future.row(5).head(5).setOnes();  // keeps the diagonal: allowed
  REQUIRE(field_of(kText, future) == "no error");
}

TEST_CASE("loss gives run's tokens, loss and losses exactly, with and without a mask, and refuses what run refuses", "[model][austen]") {
  const ModelRun plain = shipped().run(kText);
  const int n = static_cast<int>(plain.ids.size());
  for (const int window : {0, 8, 30}) {
    INFO("window " << window << " (0: no mask)");
    const atlas::Matrix mask = window_mask(n, window == 0 ? n + 1 : window);
    const ModelRun run = window == 0 ? plain : shipped().run(kText, &mask);
    const ModelLoss loss = window == 0 ? shipped().loss(kText) : shipped().loss(kText, &mask);
    REQUIRE(loss.loss == run.loss);
    REQUIRE(loss.losses == run.losses);
    REQUIRE(loss.characters == run.characters);
    REQUIRE(loss.ids == run.ids);
  }
  const ModelLoss odd = shipped().loss("Emma ~ caf\u00e9");
  REQUIRE(!odd.unknown.empty());
  REQUIRE(odd.unknown == shipped().run("Emma ~ caf\u00e9").unknown);
  REQUIRE_THAT(field_of(kText, atlas::Matrix::Zero(n - 1, n), true), Catch::StartsWith("mask: mask must be 83 x 83"));
  REQUIRE_THROWS_AS(shipped().loss("E"), atlas::ArgumentError);  // one character: nothing to predict
}

TEST_CASE("run without matrices reports every head and the loss exactly as run does, and no matrices", "[model][austen]") {
  const int n = static_cast<int>(shipped().run(kText).ids.size());
  for (const int window : {0, 8}) {
    INFO("window " << window << " (0: no mask)");
    const atlas::Matrix mask = window_mask(n, window == 0 ? n + 1 : window);
    const ModelRun full = shipped().run(kText, window == 0 ? nullptr : &mask);
    const ModelRun lean = shipped().run(kText, window == 0 ? nullptr : &mask, false);
    REQUIRE(lean.loss == full.loss);
    REQUIRE(lean.losses == full.losses);
    REQUIRE(lean.characters == full.characters);
    REQUIRE(lean.attention.empty());
    REQUIRE(lean.words.attention.empty());
    REQUIRE(lean.words.labels.empty());
    REQUIRE(!full.attention.empty());
    REQUIRE(lean.heads.size() == full.heads.size());
    for (std::size_t k = 0; k < full.heads.size(); ++k) {
      const auto& a = lean.heads[k];
      const auto& b = full.heads[k];
      REQUIRE((a.layer == b.layer && a.head == b.head));
      REQUIRE(a.previous_token == b.previous_token);
      REQUIRE(a.first_token == b.first_token);
      REQUIRE(a.induction == b.induction);
      REQUIRE(a.mean_distance == b.mean_distance);
      REQUIRE(a.entropy == b.entropy);
    }
  }
}
