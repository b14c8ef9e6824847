// Embind functions for section 18 (sliding windows and attention sinks): the
// window mask and the receptive field of stacked window layers. The trained
// model under such a mask is m.run(text, { mask }) (api_model.hpp). Same
// contract as api.hpp: adapt, one core call, a plain object back (or {error}).
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// n, window, sinks -> (n x n), 1 = blocked
val window_mask_js(int n, int window, int sinks);

// n, window, layers, sinks -> {mask (n x n), reach (layers x n), span, farthest (layers)}
val receptive_field_js(int n, int window, int layers, int sinks);

}  // namespace atlas::wasm
