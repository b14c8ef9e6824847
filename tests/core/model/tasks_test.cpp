#include <set>

#include "atlas/model/head_scores.hpp"
#include "atlas/model/tasks.hpp"
#include "helpers.hpp"

using namespace atlas::model;

TEST_CASE("induction examples hold a segment twice in a row at varying lengths and offsets", "[model]") {
  std::set<int> lengths, starts;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const Example ex = make_example(Task::induction, 24, 16, seed);
    REQUIRE(ex.tokens.size() == 24);
    REQUIRE(ex.tokens[0] == kStartToken);
    int first = -1, L = 0;
    for (int t = 0; t < 24; ++t)
      if (ex.region[t] == 1) {
        if (first < 0) first = t;
        ++L;
      }
    REQUIRE(L >= 6);
    REQUIRE(L <= 11);
    std::set<int> distinct;
    for (int k = 0; k < L; ++k) {
      REQUIRE(ex.tokens[first + L + k] == ex.tokens[first + k]);
      REQUIRE(ex.region[first + L + k] == (k == 0 ? 0 : 2));
      distinct.insert(ex.tokens[first + k]);
    }
    REQUIRE(static_cast<int>(distinct.size()) == L);
    for (int t : ex.tokens) REQUIRE(t != kSeparatorToken);
    lengths.insert(L);
    starts.insert(first);
  }
  REQUIRE(lengths.size() == 6);
  REQUIRE(starts.size() >= 8);
}

TEST_CASE("reverse examples put the segment backwards after the separator", "[model]") {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const Example ex = make_example(Task::reverse, 20, 12, seed);
    int sep = 1;
    while (ex.tokens[sep] != kSeparatorToken) ++sep;
    const int L = sep - 1;
    REQUIRE(L >= 2);
    for (int k = 0; k < L; ++k) {
      REQUIRE(ex.tokens[sep + 1 + k] == ex.tokens[L - k]);
      REQUIRE(ex.region[sep + 1 + k] == 2);
    }
  }
}

TEST_CASE("the probe batch is fixed and training batches follow the seed", "[model]") {
  REQUIRE(probe_batch(Task::induction, 4, 24, 16)[2].tokens == probe_batch(Task::induction, 4, 24, 16)[2].tokens);
  REQUIRE(make_batch(Task::induction, 2, 24, 16, 1)[0].tokens != make_batch(Task::induction, 2, 24, 16, 2)[0].tokens);
  REQUIRE_THROWS_WITH(parse_task("copy"), Catch::Contains("task must be 'induction' or 'reverse'; got 'copy'"));
}

TEST_CASE("head scores read the patterns they name", "[model]") {
  const int L = 4, n = 1 + 2 * L;
  atlas::Matrix prev = atlas::Matrix::Zero(n, n), induct = atlas::Matrix::Zero(n, n), first = atlas::Matrix::Zero(n, n);
  prev(0, 0) = 1;
  for (int i = 1; i < n; ++i) prev(i, i - 1) = 1;
  for (int i = 0; i < n; ++i) {
    first(i, 0) = 1;
    induct(i, i) = 1;
  }
  for (int k = 0; k < L; ++k) {
    induct(1 + L + k, 1 + L + k) = 0;
    induct(1 + L + k, 2 + k) = 1;
  }
  REQUIRE(previous_token_score(prev) == 1.0);
  REQUIRE(induction_score(prev, L) == 0.0);
  REQUIRE(induction_score(induct, L) == 1.0);
  REQUIRE(first_token_score(first) == 1.0);
  REQUIRE(mean_row_entropy(prev) == 0.0);
  // A uniform causal head: row i gives 1/(i+1) to its previous key.
  atlas::Matrix uniform = atlas::Matrix::Zero(n, n);
  double expected = 0;
  for (int i = 0; i < n; ++i) {
    uniform.row(i).head(i + 1).setConstant(1.0 / (i + 1));
    if (i >= 1) expected += 1.0 / (i + 1);
  }
  REQUIRE(previous_token_score(uniform) == Approx(expected / (n - 1)));
  REQUIRE_THROWS_WITH(induction_score(uniform, 3), Catch::Contains("7 rows"));
}
