// Embind functions for section 11: rows whose entropy the page compares
// (fixed formulas, Dirichlet draws, a temperature sweep). Each makes one coarse
// call into the core and returns the rows with their entropies and ln n, or
// {error} (see adapters.hpp). No math here.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// -> { weights (3 x n), names, entropy (3), maxEntropy }
val focus_rows_js(int n);
// -> { weights (rows x n), entropy (rows), maxEntropy }
val dirichlet_rows_js(int rows, int n, double concentration, double seed);
// -> { scores (1 x n), weights (1 x n), entropy (number), maxEntropy }
val temperature_row_js(int n, double temperature);

}  // namespace atlas::wasm
