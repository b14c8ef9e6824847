// Embind functions for section 14 (rotary position embedding). Same pattern as
// api.hpp: adapt arguments, one coarse core call, a plain object or {error}.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// X (n x d), positions {rows: n, cols: 1, data}; base, scale -> X rotated (n x d)
val rotary_js(const val& X, const val& positions, double base, double scale);

// {d, base, offset, seed, scale, pair, positions, decayOffsets}
// -> {q, k (d), theta (d/2), qPair, kPair (positions x 2), scores (positions x positions),
//     diagonalSpread, decayBound (decayOffsets + 1), byDistance {sinusoidal, alibi, rope (positions)}}
val rotary_lesson_js(const val& options);

}  // namespace atlas::wasm
