// number_text(x): a double as printf's "%g" writes it (six significant digits,
// no trailing zeros, e-notation below 1e-4 and from 1e6 on: "0.5", "1e-05",
// "1.23457e+08", "nan", "-inf"), for the numbers in error messages.
// Non-goal: round-trip precision. Why not snprintf: printf's formatting core is
// ~8 KB of WebAssembly code that the lean engine of the article's first paint
// carried for its two messages with a double in them (check.cpp, entropy.cpp).
// The scaling by a power of ten can differ from printf's exact decimal
// conversion in the sixth digit when x is within an ulp of a rounding tie.
#pragma once

#include <string>

namespace atlas {

std::string number_text(double x);

}  // namespace atlas
