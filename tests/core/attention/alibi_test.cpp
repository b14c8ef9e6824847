#include "atlas/attention/alibi.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "atlas/attention/attention.hpp"
#include "atlas/lessons/distance_decay.hpp"
#include "helpers.hpp"

using atlas::AlibiOptions;
using atlas::Matrix;
using atlas::alibi_attention;
using atlas::test::require_stochastic_rows;

namespace {
const std::vector<std::string> kWords = {"the", "quick", "brown", "fox", "jumps", "over",
                                         "the", "lazy", "dog", "again", "and", "again"};

// Weight within |i - j| <= 1, averaged over rows, written out from the definition.
double near_mass(const Matrix& w) {
  double total = 0.0;
  for (int i = 0; i < w.rows(); ++i) {
    for (int j = 0; j < w.cols(); ++j) {
      if (std::abs(i - j) <= 1) total += w(i, j);
    }
  }
  return total / static_cast<double>(w.rows());
}
}  // namespace

TEST_CASE("ALiBi slopes are the geometric sequence 2^(-8h/H)") {
  const auto m8 = atlas::alibi_slopes(8);
  for (int h = 0; h < 8; ++h) REQUIRE(m8(h) == std::ldexp(1.0, -(h + 1)));  // 1/2 ... 1/256
  const auto m4 = atlas::alibi_slopes(4);
  REQUIRE(m4(0) == 0.25);
  REQUIRE(m4(3) == std::ldexp(1.0, -8));
  REQUIRE(atlas::alibi_slopes(1)(0) == std::ldexp(1.0, -8));
}

TEST_CASE("ALiBi bias: -m |i - j| symmetric, -m (i - j) on and below the diagonal when causal") {
  const Matrix s = atlas::alibi_bias(4, 0.5, false);
  const Matrix c = atlas::alibi_bias(4, 0.5, true);
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      REQUIRE(s(i, j) == -0.5 * std::abs(i - j));
      REQUIRE(c(i, j) == (j <= i ? -0.5 * (i - j) : 0.0));
    }
  }
}

TEST_CASE("on flat scores the symmetric ALiBi bias is the exponential decay of width 1/m") {
  for (double m : {0.25, 1.0, 3.0}) {
    INFO("slope " << m);
    const Matrix w = atlas::masked_softmax(atlas::alibi_bias(9, m, false));
    REQUIRE(w.isApprox(atlas::distance_decay("exponential", 9, 1.0 / m), 1e-12));
  }
}

TEST_CASE("ALiBi with slope 0 equals plain attention, head by head") {
  for (bool causal : {true, false}) {
    INFO("causal " << causal);
    AlibiOptions o;
    o.heads = 3;
    o.slope_scale = 0.0;
    o.causal = causal;
    const auto r = alibi_attention(kWords, o);
    REQUIRE(r.slopes.isZero(0.0));
    for (int h = 0; h < 3; ++h) {
      REQUIRE(r.biased[h].isApprox(r.plain[h], 1e-15));
      require_stochastic_rows(r.plain[h]);
    }
    REQUIRE(r.mean_biased.isApprox(r.mean_plain, 1e-15));
  }
}

TEST_CASE("ALiBi causal heads: nothing above the diagonal, and the mask is returned") {
  const auto r = alibi_attention(kWords, {});
  REQUIRE(r.mask.has_value());
  for (const Matrix& w : r.biased) {
    require_stochastic_rows(w);
    for (int i = 0; i < w.rows(); ++i) {
      for (int j = i + 1; j < w.cols(); ++j) REQUIRE(w(i, j) == 0.0);
    }
  }
  AlibiOptions sym;
  sym.causal = false;
  REQUIRE_FALSE(alibi_attention(kWords, sym).mask.has_value());
}

TEST_CASE("a larger slope raises the weight within distance 1, for every head") {
  for (bool causal : {true, false}) {
    AlibiOptions o;
    o.heads = 4;
    o.causal = causal;
    std::vector<double> previous(4, -1.0);
    for (double scale : {0.0, 0.5, 1.0, 4.0, 16.0, 64.0}) {
      INFO("causal " << causal << " scale " << scale);
      o.slope_scale = scale;
      const auto r = alibi_attention(kWords, o);
      for (int h = 0; h < 4; ++h) {
        const double near = near_mass(r.biased[h]);
        REQUIRE(r.near_biased(h) == Approx(near).epsilon(1e-12));
        REQUIRE(near >= previous[h] - 1e-12);
        previous[h] = near;
      }
      if (scale == 64.0) REQUIRE(r.near_biased(0) > r.near_plain(0) + 0.1);
    }
    REQUIRE(previous[0] == Approx(1.0).margin(1e-6));  // m = 16: everything within one word
  }
}

TEST_CASE("adding heads keeps the earlier heads' scores, and the seed changes them") {
  AlibiOptions two, four;
  two.heads = 2;
  four.heads = 4;
  const auto a = alibi_attention(kWords, two);
  const auto b = alibi_attention(kWords, four);
  REQUIRE(a.plain[0] == b.plain[0]);
  REQUIRE(a.plain[1] == b.plain[1]);
  four.seed = 2;
  REQUIRE_FALSE(alibi_attention(kWords, four).plain[0].isApprox(b.plain[0]));
}

TEST_CASE("ALiBi rejects bad input, naming the argument") {
  AlibiOptions o;
  o.heads = 0;
  REQUIRE_THROWS_WITH(alibi_attention(kWords, o), Catch::Contains("heads must be an integer from 1 to 16"));
  o.heads = 4;
  o.slope_scale = -1.0;
  REQUIRE_THROWS_WITH(alibi_attention(kWords, o), Catch::Contains("slope_scale must be"));
  o.slope_scale = 1.0;
  REQUIRE_THROWS_WITH(alibi_attention({}, o), Catch::Contains("words is empty"));
  REQUIRE_THROWS_AS(atlas::alibi_bias(3, -0.5, true), std::invalid_argument);
  REQUIRE_THROWS_AS(atlas::alibi_slopes(0), std::invalid_argument);
}

TEST_CASE("ALiBi at extreme slopes stays finite: slope 100 puts all weight on the diagonal") {
  AlibiOptions o;
  o.heads = 8;
  o.slope_scale = 100.0;  // head 1: m = 100 / 2 = 50 per position, exp(-50 d) underflows far out
  for (bool causal : {true, false}) {
    o.causal = causal;
    const auto r = alibi_attention(kWords, o);
    for (const Matrix& w : r.biased) {
      REQUIRE(w.allFinite());
      require_stochastic_rows(w);
    }
    REQUIRE(r.biased[0].diagonal().minCoeff() > 0.99);
  }
  const Matrix w = atlas::masked_softmax(atlas::alibi_bias(6, 1e4, false));
  REQUIRE(w.isApprox(Matrix::Identity(6, 6), 1e-15));
}
