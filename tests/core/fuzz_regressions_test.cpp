// Inputs that the fuzzers (tests/fuzz/) found to break the core's contract,
// kept as tests once fixed. Each test names the fuzz target that found it and
// what was wrong; its input is the smallest form of the failing one.
#include <limits>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/grouped_query.hpp"
#include "atlas/attention/temperature.hpp"
#include "helpers.hpp"

using namespace atlas;

TEST_CASE("fuzz_distributions: softmax_temperature accepts finite scores that overflow when divided by T") {
  // Was: scores / T overflowed to infinity and masked_softmax refused its own
  // input with "scores has a non-finite value", though every score was finite.
  Matrix scores(2, 3);
  scores << 1e306, 0.0, -1e306,  //
      std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(), 1.0;
  const Matrix w = softmax_temperature(scores, 1e-3);
  test::require_stochastic_rows(w);
  CHECK(w(0, 0) == 1.0);
  CHECK(w(1, 0) == 1.0);
  CHECK(w(1, 1) == 0.0);
}

TEST_CASE("fuzz_attention: an output that rounds past the largest double is refused, not returned as infinity") {
  // Was: 11 keys with equal weights 1/11 on values of 1.8e308 summed to
  // infinity; every input was finite and the call returned a non-finite output.
  const Matrix Q = Matrix::Zero(1, 1), K = Matrix::Zero(11, 1);
  const Matrix V = Matrix::Constant(11, 1, std::numeric_limits<double>::max());
  CHECK_THROWS_WITH(attention(Q, K, V), Catch::Contains("V is too large"));
  const AttentionResult fine = attention(Q, K, V / 2);  // the same shape, half the values: finite
  CHECK(fine.output(0, 0) == Approx(std::numeric_limits<double>::max() / 2));
}

TEST_CASE("fuzz_grouped_query: an output that overflows in concat W_O is refused, not returned as infinity") {
  // Was: finite heads times a finite W_O of 1e300 rounded to infinity, and the call
  // returned a non-finite output.
  const Matrix X = Matrix::Ones(2, 2);
  GroupedQueryProjections p{Matrix::Ones(2, 2), Matrix::Ones(2, 2), Matrix::Ones(2, 2), Matrix::Constant(2, 2, 1e308)};
  CHECK_THROWS_WITH(grouped_query_attention(X, p, 2, 2), Catch::Contains("concat W_O overflows"));
}
