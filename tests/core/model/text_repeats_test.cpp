// Induction on natural text (text_repeats.hpp): the windows [before, s, s]
// cut from a text, and the losses and induction scores measured on them.
#include <numeric>
#include <set>
#include <stdexcept>
#include <vector>

#include "atlas/attention/random.hpp"
#include "atlas/model/head_scores.hpp"
#include "atlas/model/text_repeats.hpp"
#include "helpers.hpp"

using namespace atlas::model;

TEST_CASE("text repeat windows hold a passage of the text twice after the id before it", "[model]") {
  std::vector<int> text(2000);
  std::iota(text.begin(), text.end(), 0);
  const auto windows = text_repeat_windows(text, 50, 32, 60);
  REQUIRE(windows.size() == 50);
  std::vector<int> lengths;
  int previous_start = -1;
  for (const auto& w : windows) {
    const int L = (static_cast<int>(w.size()) - 1) / 2;
    REQUIRE(static_cast<int>(w.size()) == 1 + 2 * L);
    REQUIRE(L >= 32);
    REQUIRE(L <= 60);
    for (int k = 0; k < L; ++k) {
      REQUIRE(w[static_cast<std::size_t>(1 + k)] == w[0] + 1 + k);      // the passage follows `before` in the text
      REQUIRE(w[static_cast<std::size_t>(1 + L + k)] == w[static_cast<std::size_t>(1 + k)]);  // written twice
    }
    REQUIRE(w[1] > previous_start);  // starts move forward through the text
    previous_start = w[1];
    lengths.push_back(L);
  }
  REQUIRE(windows.front()[0] == 0);                                  // from the text's start
  REQUIRE(windows.back()[static_cast<std::size_t>(lengths.back())] <= 1999);  // to its end
  REQUIRE(std::set<int>(lengths.begin(), lengths.end()).size() == 29);          // every length 32..60
}

TEST_CASE("text repeat windows refuse what cannot be cut", "[model]") {
  const std::vector<int> text(100, 1);
  REQUIRE_THROWS_AS(text_repeat_windows(text, 0, 32, 60), std::invalid_argument);
  REQUIRE_THROWS_AS(text_repeat_windows(text, 5, 1, 60), std::invalid_argument);
  REQUIRE_THROWS_AS(text_repeat_windows(text, 5, 40, 30), std::invalid_argument);
  REQUIRE_THROWS_AS(text_repeat_windows(std::vector<int>(60, 1), 5, 32, 60), std::invalid_argument);
}

TEST_CASE("text repeat scores are the head scores and losses of each window, averaged", "[model]") {
  const ModelShape shape{2, 2, 16, 40, 12, true};
  Transformer<float> model(shape);
  model.initialize(4);
  atlas::Rng rng(8);
  std::vector<int> text(500);
  for (int& id : text) id = 1 + static_cast<int>(rng.next_u64() % 11);
  const auto windows = text_repeat_windows(text, 6, 5, 19);
  const TextRepeatScores s = text_repeat_scores(model, windows);
  // recomputed window by window from the forward pass
  Activations<float> a;
  double first = 0, second = 0, count = 0, induction_01 = 0;
  for (const auto& w : windows) {
    const int L = (static_cast<int>(w.size()) - 1) / 2;
    model.forward(w, a);
    const auto losses = model.position_losses(a);
    for (int k = 1; k < L; ++k) first += losses[static_cast<std::size_t>(k)], second += losses[static_cast<std::size_t>(L + k)], ++count;
    induction_01 += induction_score(a.layers[0].attention[1].cast<double>(), L) / static_cast<double>(windows.size());
  }
  REQUIRE(s.first_loss == Approx(first / count).epsilon(1e-12));
  REQUIRE(s.second_loss == Approx(second / count).epsilon(1e-12));
  REQUIRE(s.induction.size() == 4);
  REQUIRE(s.induction[1] == Approx(induction_01).epsilon(1e-12));
  for (double v : s.induction) {
    REQUIRE(v >= 0);
    REQUIRE(v <= 1);
  }
  REQUIRE_THROWS_AS(text_repeat_scores(model, {}), std::invalid_argument);
  REQUIRE_THROWS_AS(text_repeat_scores(model, {std::vector<int>(41, 1)}), std::invalid_argument);  // longer than the context
  REQUIRE_THROWS_AS(text_repeat_scores(model, {std::vector<int>(6, 1)}), std::invalid_argument);   // not 1 + 2 L
}
