#include "atlas/lessons/receptive_field.hpp"

#include <algorithm>
#include <stdexcept>

#include "helpers.hpp"

TEST_CASE("receptive_field: L layers of a window w reach min(n, L (w - 1) + 1) positions") {
  for (int n : {1, 10, 64}) {
    for (int w : {1, 2, 5, 16}) {
      const int layers = 6;
      const auto rf = atlas::receptive_field(n, w, layers);
      for (int l = 0; l < layers; ++l) {
        INFO("n " << n << ", w " << w << ", layer " << l + 1);
        const int expected = std::min(n, (l + 1) * (w - 1) + 1);
        REQUIRE(rf.span(l) == expected);
        REQUIRE(rf.farthest(l) == expected - 1);
        // The reached positions are the last `expected` ones, contiguous.
        for (int j = 0; j < n; ++j) REQUIRE(rf.reach(l, j) == (j >= n - expected ? 1.0 : 0.0));
      }
    }
  }
}

TEST_CASE("receptive_field: sinks add the first positions to what one layer reaches") {
  const auto rf = atlas::receptive_field(40, 4, 3, 2);
  REQUIRE(rf.reach(0, 0) == 1.0);
  REQUIRE(rf.reach(0, 1) == 1.0);
  REQUIRE(rf.reach(0, 2) == 0.0);
  REQUIRE(rf.span(0) == 4 + 2);
  REQUIRE(rf.farthest(0) == 39);
  // Layer 2 adds 3 more positions behind the window (a sink holds only what came before it).
  REQUIRE(rf.span(1) == 4 + 3 + 2);
  REQUIRE_THROWS_WITH(atlas::receptive_field(40, 4, 3, 5), Catch::Contains("sinks"));
  REQUIRE_THROWS_WITH(atlas::receptive_field(40, 4, 0), Catch::Contains("layers"));
}
