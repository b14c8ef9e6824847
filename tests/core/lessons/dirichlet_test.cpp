#include "atlas/lessons/dirichlet.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "atlas/attention/entropy.hpp"
#include "helpers.hpp"

using atlas::dirichlet_rows;
using atlas::Matrix;
using atlas::test::require_stochastic_rows;

TEST_CASE("Dirichlet rows are finite probability distributions for any concentration") {
  for (double alpha : {0.01, 0.05, 0.3, 1.0, 7.5, 1000.0}) {
    INFO("concentration " << alpha);
    const Matrix W = dirichlet_rows(50, 12, alpha, 3);
    REQUIRE(W.rows() == 50);
    REQUIRE(W.cols() == 12);
    REQUIRE(W.allFinite());
    require_stochastic_rows(W, 1e-12);
  }
}

TEST_CASE("Dirichlet entries have mean 1/n and the variance of the formula over many draws") {
  // Symmetric Dir(alpha): mean 1/n, variance (1/n)(1 - 1/n) / (n alpha + 1).
  // 4000 rows: the standard error of a column mean is below 0.006 here, of a
  // variance below 1e-3; the tolerances are about 5 standard errors.
  for (double alpha : {0.3, 1.0, 4.0}) {
    INFO("concentration " << alpha);
    const int n = 5, rows = 4000;
    const Matrix W = dirichlet_rows(rows, n, alpha, 17);
    const Eigen::RowVectorXd mean = W.colwise().mean();
    const double expected_var = (1.0 / n) * (1.0 - 1.0 / n) / (n * alpha + 1.0);
    for (int j = 0; j < n; ++j) {
      INFO("column " << j);
      REQUIRE(mean(j) == Approx(1.0 / n).margin(0.025));
      const double var = (W.col(j).array() - mean(j)).square().sum() / (rows - 1);
      REQUIRE(var == Approx(expected_var).margin(0.15 * expected_var + 1e-3));
    }
  }
}

TEST_CASE("lower concentration gives spikier rows: mean entropy rises with the concentration") {
  double previous = -1.0;
  for (double alpha : {0.05, 0.3, 1.0, 5.0, 100.0}) {
    const double h = atlas::entropy(dirichlet_rows(500, 8, alpha, 5)).mean();
    REQUIRE(h > previous);
    previous = h;
  }
  REQUIRE(previous == Approx(std::log(8.0)).margin(0.05));
}

TEST_CASE("Dirichlet draws are reproducible from the seed") {
  REQUIRE(dirichlet_rows(4, 6, 0.7, 42) == dirichlet_rows(4, 6, 0.7, 42));
  REQUIRE_FALSE(dirichlet_rows(4, 6, 0.7, 42).isApprox(dirichlet_rows(4, 6, 0.7, 43), 1e-6));
}

TEST_CASE("a Dirichlet row over one key is [1]") {
  REQUIRE(dirichlet_rows(3, 1, 0.5, 1).isOnes(0.0));
}

TEST_CASE("Dirichlet rejects sizes and concentrations out of range") {
  REQUIRE_THROWS_WITH(dirichlet_rows(0, 5, 1.0, 1), Catch::Contains("rows must be an integer from 1"));
  REQUIRE_THROWS_WITH(dirichlet_rows(2, 0, 1.0, 1), Catch::Contains("n must be an integer from 1"));
  REQUIRE_THROWS_WITH(dirichlet_rows(2, 5, 0.0, 1), Catch::Contains("concentration must be a number from 0.01 to 1000"));
  REQUIRE_THROWS_AS(dirichlet_rows(2, 5, std::numeric_limits<double>::infinity(), 1), std::invalid_argument);
}
