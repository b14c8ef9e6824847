// 16-byte vectors of float or double for the hot kernels (products.cpp, vector_exp.cpp),
// written with the GCC/Clang vector extension so one source gives SSE2 natively, WebAssembly
// SIMD under -msimd128 (f64x2, f32x4) and plain scalar code in the scalar engine.
// Loads and stores go through memcpy: no alignment is assumed. Private to core/src.
#pragma once

#include <cstddef>
#include <cstring>

namespace atlas::lanes {

template <typename T>
struct Of;
template <>
struct Of<double> {
  typedef double type __attribute__((vector_size(16)));
  typedef long long bits __attribute__((vector_size(16)));
};
template <>
struct Of<float> {
  typedef float type __attribute__((vector_size(16)));
  typedef int bits __attribute__((vector_size(16)));
};

template <typename T>
using Vec = typename Of<T>::type;
template <typename T>
constexpr int kWidth = static_cast<int>(16 / sizeof(T));

template <typename T>
inline Vec<T> load(const T* p) {
  Vec<T> v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <typename T>
inline void store(T* p, Vec<T> v) {
  std::memcpy(p, &v, sizeof v);
}

// Every lane x. (Not Vec<T>{} + x: without fast-math the compiler must keep that addition.)
inline Vec<double> splat(double x) { return Vec<double>{x, x}; }
inline Vec<float> splat(float x) { return Vec<float>{x, x, x, x}; }

// Lane-wise mask ? a : b, where mask is a comparison's result (all bits set or clear per lane).
template <typename T>
inline Vec<T> select(typename Of<T>::bits mask, Vec<T> a, Vec<T> b) {
  using Bits = typename Of<T>::bits;
  Bits ab, bb;
  std::memcpy(&ab, &a, sizeof ab);
  std::memcpy(&bb, &b, sizeof bb);
  const Bits out = (mask & ab) | (~mask & bb);
  Vec<T> v;
  std::memcpy(&v, &out, sizeof v);
  return v;
}

// The sum of f(x[c]) over x[0..count), a vector of lanes at a time (the compiler does not
// vectorise a floating-point reduction by itself: it would reorder the sum); f works on one
// value and on a vector alike.
template <typename T, typename F>
T lane_sum(const T* x, std::ptrdiff_t count, F f) {
  constexpr int L = kWidth<T>;
  Vec<T> v{};
  std::ptrdiff_t c = 0;
  for (; c + L <= count; c += L) v += f(load(x + c));
  T sum = 0;
  for (int i = 0; i < L; ++i) sum += v[i];
  for (; c < count; ++c) sum += f(x[c]);
  return sum;
}

}  // namespace atlas::lanes
