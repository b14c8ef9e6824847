#include "atlas/attention/rope.hpp"

#include <cmath>
#include <complex>
#include <stdexcept>

#include "helpers.hpp"

using atlas::Matrix;
using atlas::Vector;
using atlas::rope_decay_bound;
using atlas::rope_frequencies;
using atlas::rope_rotate;
using atlas::test::random_matrix;

namespace {
Vector positions_of(std::initializer_list<double> list) {
  Vector v(static_cast<Eigen::Index>(list.size()));
  Eigen::Index i = 0;
  for (double p : list) v(i++) = p;
  return v;
}
}  // namespace

TEST_CASE("rope_frequencies are base^(-2i/d): 1 for the first pair, falling geometrically") {
  const Vector t = rope_frequencies(8, 10000.0);
  REQUIRE(t.size() == 4);
  REQUIRE(t(0) == 1.0);
  REQUIRE(t(1) == Approx(0.1).epsilon(1e-14));    // 10000^(-2/8)
  REQUIRE(t(2) == Approx(0.01).epsilon(1e-14));
  REQUIRE(t(3) == Approx(0.001).epsilon(1e-14));
  const Vector t3 = rope_frequencies(2, 500000.0);
  REQUIRE(t3.size() == 1);
  REQUIRE(t3(0) == 1.0);
}

TEST_CASE("rope_rotate turns one pair by p * theta as a 2-D rotation (reference values)") {
  Matrix x(1, 4);
  x << 1.0, 0.0, 0.0, 2.0;
  const Matrix r = rope_rotate(x, positions_of({3.0}), 100.0);
  // pair 0: theta 1, angle 3: (cos 3, sin 3); pair 1: theta 100^(-1/2) = 0.1, angle 0.3:
  // (0, 2) -> (-2 sin 0.3, 2 cos 0.3)
  REQUIRE(r(0, 0) == Approx(std::cos(3.0)).margin(1e-15));
  REQUIRE(r(0, 1) == Approx(std::sin(3.0)).margin(1e-15));
  REQUIRE(r(0, 2) == Approx(-2.0 * std::sin(0.3)).margin(1e-15));
  REQUIRE(r(0, 3) == Approx(2.0 * std::cos(0.3)).margin(1e-15));
}

TEST_CASE("rope_rotate at position 0 is the identity, and it keeps every row's norm") {
  const Matrix X = random_matrix(5, 16, 7);
  REQUIRE((rope_rotate(X, Vector::Zero(5), 10000.0) - X).cwiseAbs().maxCoeff() == 0.0);
  for (double scale : {1.0, 4.0}) {
    const Matrix R = rope_rotate(X, positions_of({0, 1, 17, 1000, 123456}), 10000.0, scale);
    for (int r = 0; r < 5; ++r) REQUIRE(R.row(r).norm() == Approx(X.row(r).norm()).epsilon(1e-13));
  }
}

TEST_CASE("RoPE scores depend only on m - n, also far out and at scales 1e4 and 1e-4") {
  for (double size : {1.0, 1e4, 1e-4}) {
    const Matrix q = random_matrix(1, 32, 11, size), k = random_matrix(1, 32, 12, size);
    auto score = [&](double m, double n) {
      return rope_rotate(q, positions_of({m}), 10000.0).row(0).dot(
          rope_rotate(k, positions_of({n}), 10000.0).row(0));
    };
    const double at_3 = score(5, 2);
    INFO("size " << size);
    REQUIRE(score(103, 100) == Approx(at_3).epsilon(1e-11));
    REQUIRE(score(4003, 4000) == Approx(at_3).epsilon(1e-9));
    // And it is the complex sum Re sum_i (q pair)(k pair)* e^{i (m - n) theta_i} , the complex form of RoFormer section 3.4.3.
    const Vector theta = rope_frequencies(32, 10000.0);
    std::complex<double> sum = 0.0;
    for (int i = 0; i < 16; ++i) {
      sum += std::complex<double>(q(0, 2 * i), q(0, 2 * i + 1)) *
             std::conj(std::complex<double>(k(0, 2 * i), k(0, 2 * i + 1))) * std::polar(1.0, 3.0 * theta(i));
    }
    REQUIRE(at_3 == Approx(sum.real()).epsilon(1e-12));
  }
}

TEST_CASE("position interpolation by s is the same as positions divided by s") {
  const Matrix X = random_matrix(3, 8, 3);
  const Matrix a = rope_rotate(X, positions_of({8, 20, 400}), 500000.0, 4.0);
  const Matrix b = rope_rotate(X, positions_of({2, 5, 100}), 500000.0, 1.0);
  REQUIRE((a - b).cwiseAbs().maxCoeff() < 1e-14);
}

TEST_CASE("the decay bound is (d/2 + 1)/2 at offset 0, mean |S_j| by its definition, and stretches with scale") {
  const int d = 128;
  const Vector b = rope_decay_bound(d, 10000.0, 1.0, 256);
  REQUIRE(b.size() == 257);
  REQUIRE(b(0) == Approx(32.5).epsilon(1e-15));  // S_j = j at offset 0: mean of 1..64
  // S_j written out with cos and sin, at offset 10.
  const Vector theta = rope_frequencies(d, 10000.0);
  double re = 0.0, im = 0.0, total = 0.0;
  for (int k = 0; k < d / 2; ++k) {
    re += std::cos(10.0 * theta(k));
    im += std::sin(10.0 * theta(k));
    total += std::sqrt(re * re + im * im);
  }
  REQUIRE(b(10) == Approx(total / (d / 2)).epsilon(1e-13));
  // Never above its value at 0 (|S_j| <= j), and far out well below it: the long-term decay.
  REQUIRE(b.maxCoeff() == b(0));
  REQUIRE(b.segment(128, 129).mean() < b(0) / 3);
  // Interpolation by 4 stretches the curve 4 times along the offset axis.
  REQUIRE(rope_decay_bound(d, 10000.0, 4.0, 40)(40) == Approx(b(10)).epsilon(1e-13));
  // A larger base turns the slow pairs slower still: at offset 100 the bound is higher.
  REQUIRE(rope_decay_bound(d, 500000.0, 1.0, 100)(100) > b(100));
}

TEST_CASE("rope functions refuse odd d, base <= 1, scale < 1 and a wrong positions length") {
  const Matrix X = random_matrix(2, 6, 1);
  REQUIRE_THROWS_WITH(rope_frequencies(7, 10000.0), Catch::Contains("d must be even"));
  REQUIRE_THROWS_WITH(rope_frequencies(8, 1.0), Catch::Contains("base must be"));
  REQUIRE_THROWS_WITH(rope_frequencies(8, std::nan("")), Catch::Contains("base"));
  REQUIRE_THROWS_WITH(rope_rotate(random_matrix(2, 5, 1), Vector::Zero(2), 100.0), Catch::Contains("d must be even"));
  REQUIRE_THROWS_WITH(rope_rotate(X, Vector::Zero(3), 100.0), Catch::Contains("positions"));
  REQUIRE_THROWS_WITH(rope_rotate(X, Vector::Zero(2), 100.0, 0.5), Catch::Contains("scale"));
  REQUIRE_THROWS_WITH(rope_decay_bound(8, 100.0, 1.0, -1), Catch::Contains("offsets"));
  REQUIRE_THROWS_AS(rope_rotate(X, Vector::Constant(2, INFINITY), 100.0), std::invalid_argument);
}
