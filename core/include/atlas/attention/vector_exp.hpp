// exp over a contiguous array, in place: the inner loop of softmax.
//
// Purpose: softmax spends most of its time in exp once the products are fast.
// std::exp is a scalar libm call in WebAssembly (no vector math library), so the
// float overload evaluates exp with a polynomial written as plain loops that the
// compiler turns into SIMD (4 lanes with -msimd128, SSE natively): Cephes' expf
// (range reduction x = k ln 2 + r, |r| <= ln(2)/2, a degree-6 polynomial for e^r,
// 2^k built in the exponent bits). Its relative error is below 2e-7 (~2 ulp of
// float) for x in [-87, 88]; x below -87 gives exp(-87) ~ 1.6e-38 instead of a
// subnormal or 0, which no caller can tell apart from 0 after normalising a row
// (the row's largest term is exp(0) = 1). NaN is not expected: callers check
// finiteness first.
// The double overload does the same with Cephes' exp (a rational approximation of e^r) on
// vectors of two doubles (lanes.hpp): within 2 ulp of std::exp where the result is normal,
// subnormal results and 0 below about -745, infinity above about 709.78, NaN kept. It is
// identical natively and in WebAssembly (no libm underneath), and it replaced a scalar
// std::exp call per entry that was most of softmax's time in the page.
#pragma once

#include <cstddef>

namespace atlas {

void exp_in_place(float* x, std::ptrdiff_t n);
void exp_in_place(double* x, std::ptrdiff_t n);

}  // namespace atlas
