// all_finite and require_finite: a NaN or an infinity anywhere (first entry, last entry, in
// a matrix whose size is not a multiple of any vector width) is found, in float and double.
#include "atlas/attention/check.hpp"

#include <limits>

#include "helpers.hpp"

namespace {

template <typename M>
void check_finds_every_bad_entry() {
  using T = typename M::Scalar;
  const T bad[] = {std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity(),
                   -std::numeric_limits<T>::infinity()};
  for (auto [rows, cols] : {std::pair{1, 1}, std::pair{3, 5}, std::pair{17, 9}}) {
    M m = M::Constant(rows, cols, T(1.5));
    REQUIRE(atlas::all_finite(m));
    REQUIRE_NOTHROW(atlas::require_finite(m, "X"));
    for (Eigen::Index k : {Eigen::Index{0}, m.size() / 2, m.size() - 1}) {
      for (T value : bad) {
        INFO(rows << " x " << cols << ", entry " << k << " = " << value);
        M copy = m;
        copy.data()[k] = value;
        REQUIRE_FALSE(atlas::all_finite(copy));
        REQUIRE_THROWS_WITH(atlas::require_finite(copy, "X"),
                            Catch::Contains("row " + std::to_string(k / cols) + ", column " + std::to_string(k % cols)));
      }
    }
  }
}

}  // namespace

TEST_CASE("check: all_finite and require_finite find a NaN or an infinity at any entry") {
  check_finds_every_bad_entry<atlas::Matrix>();
  check_finds_every_bad_entry<atlas::MatrixF>();
}
