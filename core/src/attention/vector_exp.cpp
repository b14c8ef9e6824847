#include "atlas/attention/vector_exp.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "lanes.hpp"

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

namespace {

// e^x for one vector of doubles: Cephes' exp (range reduction x = k ln 2 + r, |r| <= ln(2)/2,
// ln 2 split in C1 + C2 so k C1 is exact; e^r = 1 + 2 r P(r^2) / (Q(r^2) - r P(r^2))).
// k is rounded with the 1.5 * 2^52 shift, whose low bits then hold k as an integer, so no
// float-to-integer conversion (which WebAssembly SIMD lacks for 64-bit lanes) is needed.
// 2^k is applied as 2^(k-1) * 2 so that k = 1024 still overflows to infinity correctly;
// below -700 the argument is shifted by 700 and the result multiplied by e^-700, which
// reaches the subnormals and rounds to 0 below about -745. NaN stays NaN.
lanes::Vec<double> exp_lanes(lanes::Vec<double> x) {
  using V = lanes::Vec<double>;
  using Bits = lanes::Of<double>::bits;
  constexpr double kLog2e = 1.4426950408889634074;
  constexpr double kC1 = 6.93145751953125e-1;
  constexpr double kC2 = 1.42860682030941723212e-6;
  constexpr double kShift = 6755399441055744.0;  // 1.5 * 2^52
  constexpr double kExpMinus700 = 9.8596765437597708e-305;
  const V lowest = lanes::splat(-1400.0), highest = lanes::splat(710.0), shift700 = lanes::splat(-700.0);
  x = lanes::select<double>(x < lowest, lowest, x);
  x = lanes::select<double>(x > highest, highest, x);
  const Bits low = x < shift700;
  x = lanes::select<double>(low, x - shift700, x);
  const V shifted = x * kLog2e + kShift;
  const V k = shifted - kShift;
  const V r = (x - k * kC1) - k * kC2;
  const V rr = r * r;
  const V p = r * ((1.26177193074810590878e-4 * rr + 3.02994407707441961300e-2) * rr + 9.99999999999999999910e-1);
  const V q = ((3.00198505138664455042e-6 * rr + 2.52448340349684104192e-3) * rr + 2.27265548208155028766e-1) * rr +
              2.00000000000000000009e0;
  const V er = 1.0 + 2.0 * (p / (q - p));
  Bits k_bits;
  std::memcpy(&k_bits, &shifted, sizeof k_bits);
  const Bits bias = Bits{} + (0x4338000000000000LL - 1022);  // the shift's bits, less the exponent bias - 1
  const Bits half_scale = (k_bits - bias) << 52;                 // 2^(k-1)
  V scale;
  std::memcpy(&scale, &half_scale, sizeof scale);
  const V y = (er * scale) * 2.0;
  return lanes::select<double>(low, y * kExpMinus700, y);
}

}  // namespace

void exp_in_place(double* x, std::ptrdiff_t n) {
  constexpr int L = lanes::kWidth<double>;
  std::ptrdiff_t i = 0;
  for (; i + L <= n; i += L) lanes::store(x + i, exp_lanes(lanes::load(x + i)));
  if (i < n) {  // the last entry: padded to a vector, so it is computed the same way
    double tail[L] = {};
    std::copy(x + i, x + n, tail);
    lanes::store(tail, exp_lanes(lanes::load(tail)));
    std::copy(tail, tail + (n - i), x + i);
  }
}

}  // namespace atlas
