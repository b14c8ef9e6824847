// Training windows of the Austen model (text_windows.hpp): plain slices of the
// text, text spans copied later, and random strings written twice in a row.
#include <numeric>
#include <set>
#include <stdexcept>
#include <vector>

#include "atlas/attention/random.hpp"
#include "atlas/model/tasks.hpp"
#include "atlas/model/text_windows.hpp"
#include "helpers.hpp"

using namespace atlas::model;

TEST_CASE("plain windows are consecutive slices of the text", "[model]") {
  std::vector<int> text(1000);
  std::iota(text.begin(), text.end(), 0);
  const auto windows = training_windows(text, 20, WindowMix{32, 0.0, 8, 24, 0.0, 8, 15, 16}, 5);
  REQUIRE(windows.size() == 20);
  for (const auto& w : windows) {
    REQUIRE(w.size() == 32);
    for (std::size_t i = 1; i < w.size(); ++i) REQUIRE(w[i] == w[0] + static_cast<int>(i));
  }
}

TEST_CASE("a repeated window holds a string of distinct characters of its alphabet twice in a row", "[model]") {
  const int outside = 70;  // a character the alphabet never draws
  const std::vector<int> text(1000, outside);
  std::set<int> lengths, starts;
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    for (const auto& w : training_windows(text, 10, WindowMix{32, 0.0, 8, 24, 1.0, 8, 15, 16}, seed)) {
      int first = -1, count = 0;
      for (int i = 0; i < 32; ++i)
        if (w[static_cast<std::size_t>(i)] != outside) {
          if (first < 0) first = i;
          ++count;
        }
      REQUIRE(count % 2 == 0);
      const int L = count / 2;
      REQUIRE(L >= 8);
      REQUIRE(L <= 15);
      std::set<int> distinct;
      for (int k = 0; k < L; ++k) {
        const int c = w[static_cast<std::size_t>(first + k)];
        REQUIRE(c >= 1);
        REQUIRE(c <= 16);
        REQUIRE(w[static_cast<std::size_t>(first + L + k)] == c);
        distinct.insert(c);
      }
      REQUIRE(static_cast<int>(distinct.size()) == L);
      lengths.insert(L);
      starts.insert(first);
    }
  REQUIRE(lengths.size() == 8);  // every length 8..15 occurs
  REQUIRE(starts.size() > 10);   // and many places: no fixed offset solves it
}

TEST_CASE("copied windows repeat a span of their own text later", "[model]") {
  std::vector<int> text(5000);
  std::iota(text.begin(), text.end(), 0);
  std::set<int> spans;
  for (const auto& w : training_windows(text, 40, WindowMix{128, 1.0, 32, 60, 0.0, 8, 15, 16}, 3)) {
    int breaks = 0;  // places where the window stops counting up by one
    for (std::size_t i = 1; i < w.size(); ++i) breaks += w[i] != w[i - 1] + 1;
    REQUIRE(breaks >= 1);
    REQUIRE(breaks <= 2);
    // the text's ids are distinct, so the ids seen twice are exactly the copied span
    const int twice = static_cast<int>(w.size() - std::set<int>(w.begin(), w.end()).size());
    REQUIRE(twice >= 32);
    REQUIRE(twice <= 60);
    spans.insert(twice);
  }
  REQUIRE(spans.size() > 10);  // many lengths
}

TEST_CASE("training windows refuse strings that do not fit", "[model]") {
  const std::vector<int> text(1000, 3);
  REQUIRE_THROWS_AS(training_windows(text, 1, WindowMix{32, 0.0, 8, 24, 1.0, 8, 17, 40}, 1), std::invalid_argument);
  REQUIRE_THROWS_AS(training_windows(text, 1, WindowMix{32, 0.0, 8, 24, 1.0, 8, 15, 12}, 1), std::invalid_argument);
  REQUIRE_THROWS_AS(training_windows(text, 1, WindowMix{1000, 0.0, 8, 24, 0.0, 8, 15, 16}, 1), std::invalid_argument);
  REQUIRE_THROWS_AS(training_windows(text, 1, WindowMix{128, 0.5, 32, 65, 0.0, 8, 15, 16}, 1), std::invalid_argument);
  REQUIRE_THROWS_AS(training_windows(text, 1, WindowMix{128, 0.5, 0, 8, 0.0, 8, 15, 16}, 1), std::invalid_argument);
}

TEST_CASE("distinct symbols are distinct until the pool runs out", "[model]") {
  atlas::Rng rng(9);
  const std::vector<int> s = distinct_symbols(rng, 10, 1, 10);
  REQUIRE(std::set<int>(s.begin(), s.end()) == std::set<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  const std::vector<int> more = distinct_symbols(rng, 25, 5, 10);
  for (int c : more) {
    REQUIRE(c >= 5);
    REQUIRE(c <= 14);
  }
}
