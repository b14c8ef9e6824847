// 16-byte vectors of float or double for the hot kernels (products.cpp, vector_exp.cpp),
// written with the GCC/Clang vector extension so one source gives SSE2 natively, WebAssembly
// SIMD under -msimd128 (f64x2, f32x4) and plain scalar code in the scalar engine.
// Loads and stores go through memcpy: no alignment is assumed. Private to core/src.
#pragma once

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

}  // namespace atlas::lanes
