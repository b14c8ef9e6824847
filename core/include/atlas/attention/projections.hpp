// The seeded random projections W_Q, W_K, W_V, W_O (d_model x d_model) of sections 1, 3
// and 15 (self_attention, multi_head_attention, the grouped-query lesson).
//
// Each matrix has its own stream (the seed mixed with "proj" and the matrix's index) of
// ziggurat draws (random.hpp), and its entries are drawn shell by shell: shell s is row s up
// to column s, then column s above row s. So the draws for any d_model are the top-left
// d_model x d_model block of those for a larger one, and
//   W(d_model) = that block / sqrt(d_model)        entries N(0, 1/d_model)
// The 1/d_model variance keeps the entries of X W near unit variance when X has
// unit-variance entries, so scaled scores stay O(1) for every width.
//
// Why nested: a slider over d_model asks for a new size every step, and at d_model = 1024 the
// four matrices are four million draws (about 60 ms of WASM). ProjectionDraws keeps what it
// drew and only adds the shells a larger d_model needs; a smaller one draws nothing.
// project() multiplies by the block in place (no d_model x d_model copy).
// Random weights: nothing here is trained.
#pragma once

#include <array>
#include <cstdint>

#include "atlas/attention/matrix.hpp"
#include "atlas/attention/random.hpp"

namespace atlas {

struct MultiHeadProjections {
  Matrix Wq, Wk, Wv;  // (d_model x d_model), head h uses columns h*d_k .. (h+1)*d_k - 1
  Matrix Wo;          // (d_model x d_model), mixes the concatenated heads
};

enum class ProjectionMatrix { Query = 0, Key = 1, Value = 2, Output = 3 };

class ProjectionDraws {
 public:
  explicit ProjectionDraws(std::uint64_t seed);

  // W (d_model x d_model) of N(0, 1/d_model) entries. Throws std::invalid_argument
  // ("d_model") unless 1 <= d_model <= kMaxModel.
  Matrix matrix(ProjectionMatrix which, int d_model);
  // X W with d_model = X.cols(), the product taken from the kept draws (products.hpp).
  Matrix project(const Matrix& X, ProjectionMatrix which);

  std::uint64_t seed() const { return seed_; }

 private:
  struct Draws {
    explicit Draws(Rng stream) : rng(stream) {}
    Rng rng;
    Matrix z;       // capacity x capacity, of which the top-left size x size is drawn
    int size = 0;
  };
  // The unscaled draws of `which`, grown to at least d_model.
  const Matrix& grown(ProjectionMatrix which, int d_model);

  std::uint64_t seed_;
  std::array<Draws, 4> draws_;
};

// All four at d_model: ProjectionDraws(seed)'s matrices. Throws as ProjectionDraws::matrix.
MultiHeadProjections random_projections(int d_model, std::uint64_t seed);

}  // namespace atlas
