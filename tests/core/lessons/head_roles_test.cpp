#include "atlas/lessons/head_roles.hpp"

#include <stdexcept>

#include "helpers.hpp"

using atlas::Matrix;
using atlas::head_roles;
using atlas::test::require_stochastic_rows;

namespace {
// Determiners at 0, 4 and 7.
const std::vector<std::string> kWords = {"The", "cat", "sat", "on", "the", "mat", "near", "a", "door."};
const int kN = 9;

std::vector<bool> none(int n) { return std::vector<bool>(n, false); }
}  // namespace

TEST_CASE("every hand-built head has rows that sum to 1") {
  const auto h = head_roles(kWords, atlas::default_content_marks(kWords));
  for (const Matrix* m : {&h.previous, &h.determiners, &h.content, &h.broad}) {
    REQUIRE(m->rows() == kN);
    REQUIRE(m->cols() == kN);
    require_stochastic_rows(*m, 1e-15);
  }
  const auto bare = head_roles({"cats", "sleep"}, none(2));  // no determiner, nothing marked
  require_stochastic_rows(bare.determiners, 0.0);
  require_stochastic_rows(bare.content, 0.0);
}

TEST_CASE("previous-word head: row i puts all its weight on word i - 1, the first word on itself") {
  const Matrix m = atlas::previous_word_head(kN);
  REQUIRE(m(0, 0) == 1.0);
  for (int i = 1; i < kN; ++i) {
    REQUIRE(m(i, i - 1) == 1.0);
    REQUIRE(m.row(i).sum() == 1.0);  // so every other entry is 0
  }
  REQUIRE(atlas::previous_word_head(1)(0, 0) == 1.0);
}

TEST_CASE("determiner head: each determiner attends to the next content word, its noun, and other words to themselves") {
  // "The" -> "cat", "the" -> "mat", "a" -> "door."; every other row on itself.
  const Matrix m = atlas::determiner_head(kWords);
  const int target[kN] = {1, 1, 2, 3, 5, 5, 6, 8, 8};
  for (int i = 0; i < kN; ++i) {
    for (int j = 0; j < kN; ++j) {
      INFO("row " << i << ", column " << j);
      REQUIRE(m(i, j) == (j == target[i] ? 1.0 : 0.0));
    }
  }
}

TEST_CASE("determiner head skips function words to reach the noun, and a word list takes an adjective for it") {
  const Matrix skip = atlas::determiner_head({"all", "of", "the", "old", "dogs"});
  REQUIRE(skip(2, 3) == 1.0);  // "the" -> "old": no tagger, the first content word wins
  const Matrix chain = atlas::determiner_head({"this", "is", "my", "home"});
  REQUIRE(chain(0, 3) == 1.0);  // "this" skips "is" and "my" (function words)
  REQUIRE(chain(2, 3) == 1.0);
  REQUIRE(chain(1, 1) == 1.0);
}

TEST_CASE("a determiner with no content word after it attends to itself") {
  const Matrix m = atlas::determiner_head({"I", "like", "that"});
  REQUIRE(m == Matrix::Identity(3, 3));
  REQUIRE(atlas::determiner_head({"the"}) == Matrix::Identity(1, 1));
}

TEST_CASE("determiners are matched case-insensitively, without surrounding punctuation") {
  for (const char* w : {"the", "THE", "The,", "\"an", "an-", "Those", "their.", "my"}) {
    INFO(w);
    REQUIRE(atlas::is_determiner(w));
  }
  for (const char* w : {"theme", "cat", "thee", "", "...", "a-b"}) {
    INFO(w);
    REQUIRE_FALSE(atlas::is_determiner(w));
  }
}

TEST_CASE("a head with no target keeps each row on itself") {
  REQUIRE(atlas::determiner_head({"cats", "sleep", "soundly"}) == Matrix::Identity(3, 3));
  REQUIRE(atlas::attend_to_marked(none(4)) == Matrix::Identity(4, 4));
}

TEST_CASE("content head follows the marked words, and unmarking one moves its weight") {
  std::vector<bool> marks = atlas::default_content_marks(kWords);
  const std::vector<bool> expected = {false, true, true, false, false, true, false, false, true};
  REQUIRE(marks == expected);
  const Matrix before = head_roles(kWords, marks).content;
  REQUIRE(before(3, 1) == Approx(0.25));
  marks[1] = false;  // unmark "cat"
  const auto after = head_roles(kWords, marks);
  REQUIRE(after.content.col(1).isZero(0.0));
  REQUIRE(after.content(3, 2) == Approx(1.0 / 3.0));
  REQUIRE(after.marked == marks);
}

TEST_CASE("broad head is uniform, and head_roles reports the determiners it found") {
  const auto h = head_roles(kWords, none(kN));
  REQUIRE(h.broad.isConstant(1.0 / kN, 1e-15));
  const std::vector<bool> det = {true, false, false, false, true, false, false, true, false};
  REQUIRE(h.determiner == det);
  REQUIRE(h.content == Matrix::Identity(kN, kN));
}

TEST_CASE("head_roles rejects bad input, naming the argument") {
  REQUIRE_THROWS_WITH(head_roles({}, {}), Catch::Contains("words is empty"));
  REQUIRE_THROWS_WITH(head_roles(kWords, none(3)), Catch::Contains("marked has 3 flags"));
  REQUIRE_THROWS_WITH(head_roles(std::vector<std::string>(65, "w"), none(65)),
                      Catch::Contains("number of words must be an integer from 1 to 64"));
  REQUIRE_THROWS_AS(atlas::previous_word_head(0), std::invalid_argument);
  REQUIRE_THROWS_AS(atlas::attend_to_marked({}), std::invalid_argument);
}
