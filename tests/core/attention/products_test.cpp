// The blocked product kernel (products.hpp) gives exactly the sums of the textbook loop:
// every entry summed over k in order from +0, for every shape (tails of rows and columns,
// several panels in depth and width), with B plain or transposed, overwriting or adding.
#include <vector>

#include "atlas/attention/products.hpp"
#include "helpers.hpp"

namespace {

// C (n x p) = A (n x k) B (k x p), or B^T when B is stored p x k; plain loops.
template <typename T>
std::vector<T> textbook(const std::vector<T>& A, const std::vector<T>& B, bool transposed, long n, long k, long p) {
  std::vector<T> C(static_cast<std::size_t>(n * p));
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < p; ++j) {
      T sum = 0;
      for (long c = 0; c < k; ++c) sum += A[i * k + c] * (transposed ? B[j * k + c] : B[c * p + j]);
      C[i * p + j] = sum;
    }
  }
  return C;
}

template <typename T>
std::vector<T> seeded(long count, std::uint64_t seed) {
  const atlas::Matrix m = atlas::test::random_matrix(1, static_cast<int>(count), seed);
  return std::vector<T>(m.data(), m.data() + count);
}

template <typename T>
void check_shapes() {
  for (long n : {1L, 3L, 4L, 9L}) {
    for (long k : {1L, 5L, 128L, 131L, 300L}) {
      for (long p : {1L, 7L, 8L, 64L, 70L, 133L}) {
        for (bool transposed : {false, true}) {
          INFO("n " << n << ", k " << k << ", p " << p << (transposed ? ", B transposed" : ""));
          const auto A = seeded<T>(n * k, 1 + n), B = seeded<T>(k * p, 2 + k);
          std::vector<T> C(static_cast<std::size_t>(n * p), T(7));  // overwritten, never read
          atlas::multiply(A.data(), k, B.data(), transposed ? k : p, C.data(), p, n, k, p, {transposed});
          REQUIRE(C == textbook(A, B, transposed, n, k, p));
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("multiply equals the textbook loop exactly, in double and float, for every tail") {
  check_shapes<double>();
  check_shapes<float>();
}

TEST_CASE("multiply reads and writes through strides and adds to C when asked") {
  // A is the 5 x 3 block at column 2 of a 5 x 6 array; C the 5 x 9 block at column 1 of a 5 x 12 array.
  const auto big_a = seeded<double>(5 * 6, 3), B = seeded<double>(3 * 9, 4);
  std::vector<double> A(5 * 3);
  for (int i = 0; i < 5; ++i) {
    for (int c = 0; c < 3; ++c) A[i * 3 + c] = big_a[i * 6 + 2 + c];
  }
  const auto expected = textbook(A, B, false, 5, 3, 9);
  std::vector<double> big_c(5 * 12, 1.5);
  atlas::multiply(big_a.data() + 2, 6, B.data(), 9, big_c.data() + 1, 12, 5, 3, 9, {false, /*accumulate=*/true});
  for (int i = 0; i < 5; ++i) {
    REQUIRE(big_c[i * 12] == 1.5);  // outside the block: untouched
    REQUIRE(big_c[i * 12 + 10] == 1.5);
    for (int j = 0; j < 9; ++j) REQUIRE(big_c[i * 12 + 1 + j] == Approx(1.5 + expected[i * 9 + j]).epsilon(1e-15));
  }
}

TEST_CASE("multiply with k = 0 writes zeros, or leaves C as it is when adding") {
  std::vector<double> C(6, 2.0);
  atlas::multiply(static_cast<const double*>(nullptr), 0, nullptr, 3, C.data(), 3, 2, 0, 3, {false, true});
  REQUIRE(C == std::vector<double>(6, 2.0));
  atlas::multiply(static_cast<const double*>(nullptr), 0, nullptr, 3, C.data(), 3, 2, 0, 3);
  REQUIRE(C == std::vector<double>(6, 0.0));
}
