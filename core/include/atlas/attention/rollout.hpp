// Attention rollout (Abnar & Zuidema 2020, "Quantifying Attention Flow in
// Transformers", section 3): an estimate of how much each input token feeds
// each position after several layers, accounting for residual connections.
//
// Each layer l (1-based, l = 1..L) adds its input back (x + Attn(x)), so half
// of what position i carries forward is itself. Rollout models that as
//   A_l = residual * W_l + (1 - residual) * I        then rows renormalised
// and multiplies the layers, latest on the LEFT:
//   R_1 = A_1,   R_l = A_l R_{l-1}                   all (n x n)
// R_l(i, j) reads "how much input token j reaches position i after layer l":
// row i of A_l mixes the positions of layer l - 1, and row k of R_{l-1} says
// what position k of layer l - 1 holds of each input token.
// Shapes: layers (L x n x n), each W_l (n x n) with rows summing to 1 -> (L x n x n),
// the L prefix rollouts R_1 .. R_L (R_L is the rollout of the whole stack).
// Rows of a product of row-stochastic matrices sum to 1; the explicit
// renormalisation keeps them at 1 to rounding after many layers.
// Rollout is a heuristic: it ignores values, the MLPs and layer norms, and it
// is not an explanation of a model's decision (Jain & Wallace 2019).
#pragma once

#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas {

// residual: weight of the attention in A_l (0.5 in the paper), 0 <= residual <= 1.
// Throws std::invalid_argument when layers is empty or longer than 64, a
// layer is not square, sizes differ between layers, or a row is not a
// probability distribution (negative entry, or a sum off 1 by more than 1e-6).
std::vector<Matrix> attention_rollout(const std::vector<Matrix>& layers, double residual = 0.5);

}  // namespace atlas
