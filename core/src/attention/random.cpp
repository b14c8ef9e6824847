#include "atlas/attention/random.hpp"

#include <cmath>

namespace atlas {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

constexpr double kTwoPi = 6.283185307179586476925286766559;

// The ziggurat: 128 layers of equal area V under the density exp(-x^2 / 2), the lowest one
// (layer 0) a rectangle plus the tail beyond R. x[i] is layer i's right edge (x[1] = R, x[128] = 0,
// x[0] = V / f(R), the base's equivalent width); ratio[i] = x[i + 1] / x[i], the part of layer i
// wholly under the curve. R and V are Marsaglia & Tsang's (2000) constants for 128 layers.
constexpr int kLayers = 128;
constexpr double kR = 3.442619855899;
constexpr double kV = 9.91256303526217e-3;

struct Ziggurat {
  double x[kLayers + 1];
  double ratio[kLayers];
  Ziggurat() {
    double f = std::exp(-0.5 * kR * kR);
    x[0] = kV / f;
    x[1] = kR;
    x[kLayers] = 0.0;
    for (int i = 2; i < kLayers; ++i) {
      x[i] = std::sqrt(-2.0 * std::log(kV / x[i - 1] + f));
      f = std::exp(-0.5 * x[i] * x[i]);
    }
    for (int i = 0; i < kLayers; ++i) ratio[i] = x[i + 1] / x[i];
  }
};

const Ziggurat& ziggurat_tables() {
  static const Ziggurat tables;
  return tables;
}

// A uniform in (0, 1]: finite logs.
double open_uniform(Rng& rng) { return 1.0 - rng.uniform(); }

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t Rng::next_u64() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Rng::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double Rng::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  // 1 - uniform() lies in (0, 1], so the log is finite.
  const double radius = std::sqrt(-2.0 * std::log(1.0 - uniform()));
  const double angle = kTwoPi * uniform();
  spare_ = radius * std::sin(angle);
  has_spare_ = true;
  return radius * std::cos(angle);
}

double Rng::ziggurat() {
  const Ziggurat& z = ziggurat_tables();
  for (;;) {
    const std::uint64_t bits = next_u64();
    // The top 53 bits give u in [-1, 1), the lowest 7 the layer: no bit serves both.
    const double u = 2.0 * (static_cast<double>(bits >> 11) * 0x1.0p-53) - 1.0;
    const int i = static_cast<int>(bits & (kLayers - 1));
    if (std::fabs(u) < z.ratio[i]) return u * z.x[i];  // inside the layer's rectangle under the curve
    if (i == 0) {
      // The tail beyond R (Marsaglia 1964): exact, by rejection.
      double t = 0.0;
      double y = 0.0;
      do {
        t = -std::log(open_uniform(*this)) / kR;
        y = -std::log(open_uniform(*this));
      } while (2.0 * y < t * t);
      return u < 0.0 ? -(kR + t) : kR + t;
    }
    // The wedge between the layer's inner rectangle and the curve: accept under the curve.
    const double x = u * z.x[i];
    const double f0 = std::exp(-0.5 * (z.x[i] * z.x[i] - x * x));
    const double f1 = std::exp(-0.5 * (z.x[i + 1] * z.x[i + 1] - x * x));
    if (f1 + uniform() * (f0 - f1) < 1.0) return x;
  }
}

namespace {

// rows x cols of stddev * draw(), in storage order (row by row).
template <typename Draw>
Matrix drawn_matrix(int rows, int cols, double stddev, Draw draw) {
  Matrix m(rows, cols);
  double* out = m.data();
  for (Eigen::Index k = 0; k < m.size(); ++k) out[k] = stddev * draw();
  return m;
}

}  // namespace

Matrix normal_matrix(int rows, int cols, Rng& rng, double stddev) {
  return drawn_matrix(rows, cols, stddev, [&rng] { return rng.normal(); });
}

Matrix ziggurat_matrix(int rows, int cols, Rng& rng, double stddev) {
  return drawn_matrix(rows, cols, stddev, [&rng] { return rng.ziggurat(); });
}

std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b) {
  std::uint64_t state = a ^ rotl(b, 32);
  return splitmix64(state);
}

}  // namespace atlas
