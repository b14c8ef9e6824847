// Turns the fuzzer's bytes into the core's arguments: sizes, numbers,
// matrices, masks, words. Each draw is mostly a value a learner's control
// could send and sometimes an edge or an invalid one (0, negative, one past a
// limit, NaN, infinity, a wrong shape), so one target covers both the math on
// valid input and the checks on bad input.
// Sizes of valid calls stay small on purpose: a fuzzer finds more bugs per
// second with 8 x 8 matrices than with 4096 x 4096 ones, and the limits
// themselves (one past kMaxSequence, ...) are drawn as edge values.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas::fuzz {

// An int: usually in lo..small (valid), sometimes below lo or above hi
// (invalid, down to INT_MIN and up to INT_MAX). Never a valid value above
// small, so no input makes a slow giant call.
inline int size(FuzzedDataProvider& in, int lo, int small, int hi) {
  constexpr int kMin = std::numeric_limits<int>::min(), kMax = std::numeric_limits<int>::max();
  switch (in.ConsumeIntegralInRange(0, 15)) {
    case 0: return lo - 1;
    case 1: return hi + 1;
    case 2: return in.ConsumeIntegralInRange(kMin, lo - 1);
    case 3: return in.ConsumeIntegralInRange(hi + 1, kMax);
    default: return in.ConsumeIntegralInRange(lo, small);
  }
}

// A double: usually modest, sometimes tiny, huge, signed zero, NaN or infinity.
inline double number(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange(0, 15)) {
    case 0: return std::numeric_limits<double>::quiet_NaN();
    case 1: return std::numeric_limits<double>::infinity() * (in.ConsumeBool() ? 1 : -1);
    case 2: return std::numeric_limits<double>::max() * (in.ConsumeBool() ? 1 : -1);
    case 3: return std::numeric_limits<double>::denorm_min();
    case 4: return -0.0;
    case 5: {  // any bit pattern
      const std::uint64_t bits = in.ConsumeIntegral<std::uint64_t>();
      double x;
      std::memcpy(&x, &bits, sizeof x);
      return x;
    }
    case 6: return in.ConsumeFloatingPointInRange(-1e300, 1e300);
    default: return in.ConsumeFloatingPointInRange(-8.0, 8.0);
  }
}

// A double in lo..hi most of the time, else number().
inline double number_in(FuzzedDataProvider& in, double lo, double hi) {
  return in.ConsumeIntegralInRange(0, 7) ? in.ConsumeFloatingPointInRange(lo, hi) : number(in);
}

inline Matrix matrix(FuzzedDataProvider& in, int rows, int cols) {
  Matrix m(rows, cols);
  for (Eigen::Index k = 0; k < m.size(); ++k) m.data()[k] = number(in);
  return m;
}

// 0 (allowed) or 1 (blocked), rarely some other value the core must reject.
inline Matrix mask(FuzzedDataProvider& in, int rows, int cols) {
  Matrix m(rows, cols);
  for (Eigen::Index k = 0; k < m.size(); ++k) {
    const int pick = in.ConsumeIntegralInRange(0, 63);
    m.data()[k] = pick == 0 ? number(in) : pick % 2;
  }
  return m;
}

// A shape that usually agrees with `expected` and sometimes is off by one or empty.
inline int shape(FuzzedDataProvider& in, int expected) {
  switch (in.ConsumeIntegralInRange(0, 31)) {
    case 0: return 0;
    case 1: return expected + 1;
    case 2: return expected > 0 ? expected - 1 : 1;
    default: return expected;
  }
}

// Up to max_words arbitrary strings: empty ones, invalid UTF-8 and spaces included.
inline std::vector<std::string> raw_words(FuzzedDataProvider& in, int max_words) {
  std::vector<std::string> words(in.ConsumeIntegralInRange(0, max_words));
  for (std::string& w : words) w = in.ConsumeRandomLengthString(24);
  return words;
}

}  // namespace atlas::fuzz
