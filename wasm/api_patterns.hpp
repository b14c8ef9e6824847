// JS-facing function of section 2 (patterns): the fixed-pattern gallery with
// each pattern's count of computed scores. Same contract as api.hpp: adapt the
// arguments, one coarse call into the core, a plain object back (or {error}).
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// names: string[], or null for every pattern in gallery order (patterns.hpp);
// -> [{name, weights (n x n), mask (n x n, 1 = skipped), computed, total, fraction}]
val pattern_set_js(const val& names, int n, int window, int stride, int globals);

}  // namespace atlas::wasm
