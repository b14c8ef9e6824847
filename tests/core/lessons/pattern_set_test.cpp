// The pattern gallery: counts of computed scores against closed forms, and the
// relative strided pattern of Child et al. (2019).
#include "atlas/lessons/pattern_set.hpp"

#include <algorithm>
#include <stdexcept>

#include "atlas/attention/attention.hpp"
#include "helpers.hpp"

using atlas::Matrix;
using atlas::PatternOptions;
using atlas::pattern_set;
using atlas::test::require_stochastic_rows;

namespace {

// Entries of an m x m band |i - j| <= h: all m^2 minus the two triangles
// |i - j| > h, which hold 2 * sum_{d=h+1}^{m-1} (m - d) = (m - h - 1)(m - h).
long band_count(long m, long h) { return m <= h ? m * m : m * m - (m - h - 1) * (m - h); }

long ceil_div(long a, long b) { return (a + b - 1) / b; }

// Closed form of each pattern's non-zeros (written from the definitions).
long closed_form(const std::string& name, long n, long w, long s, long g) {
  const long h = w / 2;
  if (name == "uniform" || name == "self-focus") return n * n;
  if (name == "causal") return n * (n + 1) / 2;
  if (name == "local") return band_count(n, h);
  if (name == "strided") return n * ceil_div(n, s);  // ceil(n / s) columns in every row
  if (name == "strided-relative") {
    long sum = 0;  // row i: min(i + 1, s) in the window, plus floor(i / s) strided keys before it
    for (long i = 0; i < n; ++i) sum += std::min(i + 1, s) + i / s;
    return sum;
  }
  // global-local: the g global rows and columns (n^2 - (n - g)^2 entries), plus
  // the band inside the remaining (n - g) x (n - g) block.
  return n * n - (n - g) * (n - g) + band_count(n - g, h);
}

}  // namespace

TEST_CASE("pattern_set counts equal the closed-form counts for every pattern and option") {
  const auto& names = atlas::pattern_names();
  for (int n : {1, 4, 10, 17, 64}) {
    for (int w : {1, 3, 5, 9}) {
      for (int s : {1, 2, 3, 7}) {
        for (int g : {0, 1, 3}) {
          if (g > n) continue;
          const auto set = pattern_set(names, n, {w, s, g});
          REQUIRE(set.size() == names.size());
          for (const auto& e : set) {
            INFO(e.name << " n=" << n << " w=" << w << " s=" << s << " g=" << g);
            REQUIRE(e.computed == closed_form(e.name, n, w, s, g));
            REQUIRE(e.total == static_cast<long>(n) * n);
            REQUIRE(e.fraction == Approx(static_cast<double>(e.computed) / (n * n)).epsilon(1e-15));
            REQUIRE(e.weights.isApprox(atlas::pattern(e.name, n, {w, s, g}), 0.0));
            REQUIRE(e.mask.sum() == Approx(static_cast<double>(e.total - e.computed)));
          }
        }
      }
    }
  }
}

TEST_CASE("pattern_set keeps the order of the names it is given") {
  const auto set = pattern_set({"causal", "uniform", "causal"}, 5);
  REQUIRE(set.size() == 3);
  REQUIRE(set[0].name == "causal");
  REQUIRE(set[1].name == "uniform");
  REQUIRE(set[1].computed == 25);
  REQUIRE(set[2].computed == 15);
}

TEST_CASE("the worked example of the page: local window 3 at n = 10 computes 28 of 100 scores") {
  const auto set = pattern_set({"local"}, 10, {3, 2, 1});
  REQUIRE(set[0].computed == 28);  // 10 rows of 3, minus one missing neighbour at each end
  REQUIRE(set[0].fraction == Approx(0.28));
}

TEST_CASE("strided-relative: a causal window of stride keys plus every stride-th earlier key") {
  const int n = 12, s = 3;
  const Matrix m = atlas::pattern("strided-relative", n, {3, s, 1});
  require_stochastic_rows(m);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const bool allowed = j <= i && (i - j < s || (i - j) % s == 0);
      INFO("i=" << i << " j=" << j);
      REQUIRE((m(i, j) > 0.0) == allowed);
    }
  }
  // Query 10 sees 8, 9, 10 (window) and 7, 4, 1 (strided): 6 keys, 1/6 each.
  REQUIRE(m(10, 4) == Approx(1.0 / 6).epsilon(1e-14));
  REQUIRE(m(10, 5) == 0.0);
  // The mask marks exactly the skipped scores, and attention() accepts it: with
  // equal scores everywhere, masked attention reproduces the pattern.
  const auto entry = pattern_set({"strided-relative"}, n, {3, s, 1})[0];
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) REQUIRE(entry.mask(i, j) == (m(i, j) > 0.0 ? 0.0 : 1.0));
  }
  const Matrix same = Matrix::Ones(n, 2);
  REQUIRE(atlas::attention(same, same, same, entry.mask).weights.isApprox(m, 1e-14));
  // Unlike the notebook's "strided", the keys move with the query.
  const Matrix fixed = atlas::pattern("strided", n, {3, s, 1});
  REQUIRE(fixed(10, 4) == 0.0);
  REQUIRE(fixed(10, 3) > 0.0);
}

TEST_CASE("pattern_set rejects an empty or unknown name list and bad options, naming them") {
  REQUIRE_THROWS_WITH(pattern_set({}, 5), Catch::Contains("names is empty"));
  REQUIRE_THROWS_WITH(pattern_set({"local", "banded"}, 5), Catch::Contains("'banded' is unknown"));
  REQUIRE_THROWS_WITH(pattern_set({"local"}, 0), Catch::Contains("n must be"));
  REQUIRE_THROWS_WITH(pattern_set({"strided"}, 5, {3, 0, 1}), Catch::Contains("stride must be"));
  REQUIRE_THROWS_WITH(pattern_set({"global-local"}, 4, {3, 2, 5}),
                      Catch::Contains("globals must be an integer from 0 to 4"));
  REQUIRE_THROWS_AS(pattern_set({"local"}, 5, {0, 2, 1}), std::invalid_argument);
}

// (Exactly the limit is not run here: 2^24 weights and masks are 268 MB, too much for the sanitizer build.)
TEST_CASE("pattern_set refuses more than kMaxPatternSetEntries weights before allocating") {
  REQUIRE(4L * 2048 * 2048 == atlas::kMaxPatternSetEntries);
  REQUIRE_THROWS_WITH(pattern_set({"local", "causal", "uniform", "strided", "global-local"}, 2048),
                      Catch::Contains("n = 2048 with 5 patterns is 20971520 weights, more than one call returns (16777216)"));
  REQUIRE_THROWS_WITH(pattern_set({"uniform"}, 4097), Catch::Contains("is more than 16777216 weights"));
  // Found by fuzz_patterns: names x n x n overflowed a long before it was compared.
  const std::vector<std::string> many(9, "local");
  REQUIRE_THROWS_WITH(pattern_set(many, 2147483647), Catch::Contains("n = 2147483647 with 9 patterns is more than"));
  REQUIRE_THROWS_WITH(pattern_set(many, -2147483396), Catch::Contains("n must be"));
}
