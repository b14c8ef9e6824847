#include "atlas/attention/vector_exp.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace atlas {

void exp_in_place(float* x, std::ptrdiff_t n) {
  // Cephes expf constants: ln 2 split in two (C1 exact in few bits) so that
  // x - k ln 2 loses no precision; the polynomial approximates e^r on |r| <= 0.35.
  constexpr float kLog2e = 1.44269504088896341f;
  constexpr float kC1 = 0.693359375f;
  constexpr float kC2 = -2.12194440e-4f;
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    const float v = std::min(88.0f, std::max(-87.0f, x[i]));
    const float k = std::floor(v * kLog2e + 0.5f);
    const float r = v - k * kC1 - k * kC2;
    const float r2 = r * r;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    const float er = p * r2 + r + 1.0f;
    // 2^k: k + 127 in the exponent field (k in -126..127 after the clamp above).
    const std::int32_t bits = (static_cast<std::int32_t>(k) + 127) << 23;
    float two_k;
    std::memcpy(&two_k, &bits, sizeof two_k);
    x[i] = er * two_k;
  }
}

void exp_in_place(double* x, std::ptrdiff_t n) {
  for (std::ptrdiff_t i = 0; i < n; ++i) x[i] = std::exp(x[i]);
}

}  // namespace atlas
