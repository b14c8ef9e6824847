#include "atlas/model/head_scores.hpp"

#include <stdexcept>
#include <string>

#include "atlas/attention/entropy.hpp"

namespace atlas::model {
namespace {

void require_square(const Matrix& A) {
  if (A.rows() < 2 || A.rows() != A.cols())
    throw std::invalid_argument("a head score needs a square attention matrix of at least 2 x 2; got " +
                                std::to_string(A.rows()) + " x " + std::to_string(A.cols()));
}

}  // namespace

double previous_token_score(const Matrix& A) {
  require_square(A);
  double sum = 0;
  for (Eigen::Index i = 1; i < A.rows(); ++i) sum += A(i, i - 1);
  return sum / static_cast<double>(A.rows() - 1);
}

double first_token_score(const Matrix& A) {
  require_square(A);
  return A.col(0).mean();
}

double induction_score(const Matrix& A, int L) {
  require_square(A);
  if (L < 1 || A.rows() != 1 + 2 * L)
    throw std::invalid_argument("induction_score needs the repeat probe [start, s, s]: " + std::to_string(1 + 2 * L) +
                                " rows for a segment of " + std::to_string(L) + "; got " + std::to_string(A.rows()));
  double sum = 0;
  for (int k = 0; k < L; ++k) sum += A(1 + L + k, 2 + k);
  return sum / L;
}

double mean_row_entropy(const Matrix& A) {
  require_square(A);
  return entropy(A).mean();
}

}  // namespace atlas::model
