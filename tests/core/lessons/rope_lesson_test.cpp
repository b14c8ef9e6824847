#include "atlas/lessons/rope_lesson.hpp"

#include <cmath>
#include <stdexcept>

#include "atlas/attention/rope.hpp"
#include "helpers.hpp"

using atlas::RopeLessonOptions;
using atlas::rope_lesson;

TEST_CASE("rope_lesson: the score matrix is constant along each diagonal, whatever the offset") {
  RopeLessonOptions o;
  o.d = 32;
  for (int offset : {0, 1000, 4000}) {
    o.offset = offset;
    const atlas::RopeLessonResult r = rope_lesson(o);
    INFO("offset " << offset);
    REQUIRE(r.scores.rows() == 16);
    REQUIRE(r.diagonal_spread < 1e-12);
    REQUIRE(r.diagonal_spread >= 0.0);
    REQUIRE(r.scores(5, 2) == Approx(r.scores(15, 12)).epsilon(1e-12));
  }
}

TEST_CASE("rope_lesson: the pair turns on a circle by theta_i per position, starting at the content") {
  RopeLessonOptions o;
  o.d = 8; o.pair = 1; o.base = 100.0;
  const atlas::RopeLessonResult r = rope_lesson(o);
  REQUIRE(r.q_pair(0, 0) == r.q(2));  // offset 0: position 0 is the unrotated q
  REQUIRE(r.q_pair(0, 1) == r.q(3));
  const double radius = std::hypot(r.q(2), r.q(3));
  const double theta = std::pow(100.0, -2.0 / 8);
  for (int p = 0; p < 16; ++p) {
    REQUIRE(std::hypot(r.q_pair(p, 0), r.q_pair(p, 1)) == Approx(radius).epsilon(1e-13));
    const double angle = std::atan2(r.q_pair(p, 1), r.q_pair(p, 0)) - std::atan2(r.q(3), r.q(2));
    REQUIRE(std::remainder(angle - p * theta, 2 * M_PI) == Approx(0.0).margin(1e-12));
  }
}

TEST_CASE("rope_lesson by distance: RoPE and ALiBi depend on the distance alone, sinusoidal also on the offset") {
  RopeLessonOptions o;
  const atlas::RopeLessonResult a = rope_lesson(o);
  o.offset = 300;
  const atlas::RopeLessonResult b = rope_lesson(o);
  REQUIRE((a.rope - b.rope).cwiseAbs().maxCoeff() < 1e-12);
  REQUIRE((a.alibi - b.alibi).cwiseAbs().maxCoeff() == 0.0);
  REQUIRE((a.sinusoidal - b.sinusoidal).cwiseAbs().maxCoeff() > 1e-3);
  // ALiBi: the plain score minus r / 2; RoPE at distance 0: the plain score (a rotation keeps q . k).
  const double plain = a.q.dot(a.k) / 4.0;  // sqrt(16)
  for (int r = 0; r < 16; ++r) REQUIRE(a.alibi(r) == Approx(plain - 0.5 * r).epsilon(1e-13));
  REQUIRE(a.rope(0) == Approx(plain).epsilon(1e-12));
  REQUIRE(a.decay_bound.size() == 257);
  REQUIRE((a.decay_bound - atlas::rope_decay_bound(16, 10000.0, 1.0, 256)).cwiseAbs().maxCoeff() == 0.0);
  // decay_offsets 0: the same lesson without the bound (section 14 computes it once per d, base and scale).
  o.offset = 0;
  o.decay_offsets = 0;
  const atlas::RopeLessonResult c = rope_lesson(o);
  REQUIRE(c.decay_bound.size() == 0);
  REQUIRE((c.scores - a.scores).cwiseAbs().maxCoeff() == 0.0);
  o.decay_offsets = -1;
  REQUIRE_THROWS_WITH(rope_lesson(o), Catch::Contains("decay_offsets must be an integer from 0"));
}

TEST_CASE("rope_lesson: position interpolation by s equals positions divided by s") {
  RopeLessonOptions o;
  o.offset = 40; o.scale = 4.0;
  const atlas::RopeLessonResult a = rope_lesson(o);
  REQUIRE(a.diagonal_spread < 1e-12);
  // Offset 40 at scale 4 puts position 40 at angle 10 theta: the first row of the pair is q turned by 10 theta_0.
  const double angle = 10.0;  // theta_0 = 1
  REQUIRE(a.q_pair(0, 0) == Approx(std::cos(angle) * a.q(0) - std::sin(angle) * a.q(1)).epsilon(1e-12));
}

TEST_CASE("rope_lesson names the option it refuses") {
  RopeLessonOptions o;
  o.d = 15;
  REQUIRE_THROWS_WITH(rope_lesson(o), Catch::Contains("d must be even"));
  o.d = 16; o.base = 1.0;
  REQUIRE_THROWS_WITH(rope_lesson(o), Catch::Contains("base"));
  o.base = 10000.0; o.pair = 8;
  REQUIRE_THROWS_WITH(rope_lesson(o), Catch::Contains("pair"));
  o.pair = 0; o.offset = 5000;
  REQUIRE_THROWS_WITH(rope_lesson(o), Catch::Contains("offset"));
  o.offset = 0; o.scale = 0.5;
  REQUIRE_THROWS_WITH(rope_lesson(o), Catch::Contains("scale"));
}
