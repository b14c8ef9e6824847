#include "atlas/attention/number_text.hpp"

#include <cmath>

namespace atlas {
namespace {

constexpr int kDigits = 6;             // %g's default precision
constexpr long long kLow = 100000;     // 10^(kDigits - 1): the smallest kDigits-digit number

// a * 10^k: one correctly rounded operation for |k| <= 22 (10^22 is the largest
// power of ten a double holds exactly), a few more beyond.
double scale(double a, int k) {
  for (; k > 22; k -= 22) a *= 1e22;
  for (; k < -22; k += 22) a /= 1e22;
  double p = 1.0;
  for (int i = 0; i < (k < 0 ? -k : k); ++i) p *= 10.0;
  return k < 0 ? a / p : a * p;
}

std::string strip_zeros(std::string s) {
  if (s.find('.') == std::string::npos) return s;
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

std::string number_text(double x) {
  if (std::isnan(x)) return std::signbit(x) ? "-nan" : "nan";
  const std::string sign = std::signbit(x) ? "-" : "";
  if (std::isinf(x)) return sign + "inf";
  if (x == 0.0) return sign + "0";
  const double a = std::fabs(x);
  // e: the decimal exponent (a = m * 10^e, 1 <= m < 10) once a is rounded to
  // kDigits digits. log() may put it one off next to a power of ten, and
  // rounding may carry into one more digit (9.999996 -> 10.0000): both are fixed below.
  int e = static_cast<int>(std::floor(std::log(a) / std::log(10.0)));
  const auto digits_at = [a](int exponent) { return std::llround(scale(a, kDigits - 1 - exponent)); };
  long long digits = digits_at(e);
  if (digits < kLow) digits = digits_at(--e);
  if (digits >= 10 * kLow) digits = digits_at(++e);
  const std::string d = std::to_string(digits);  // kDigits characters
  if (e < -4 || e >= kDigits) {
    const std::string exponent = std::to_string(e < 0 ? -e : e);
    return sign + strip_zeros(d.substr(0, 1) + "." + d.substr(1)) + (e < 0 ? "e-" : "e+") +
           (exponent.size() < 2 ? "0" : "") + exponent;
  }
  if (e < 0) return sign + strip_zeros("0." + std::string(-e - 1, '0') + d);
  return sign + strip_zeros(d.substr(0, e + 1) + "." + d.substr(e + 1));
}

}  // namespace atlas
