// JS <-> C++ adapters shared by the trainer's and the trained model's bindings
// (api_trainer.cpp, api_model.cpp; linked into the full engines only).
#pragma once

#include <emscripten/val.h>

#include <vector>

#include "adapters.hpp"
#include "atlas/model/trainer.hpp"

namespace atlas::wasm {

// { layer, head, previousToken, firstToken, induction, meanDistance, entropy } (docs/api.md, "Head scores").
val head_to_js(const model::HeadReport& h);

// [layer][head] matrices -> nested JS arrays of Matrix objects.
val layers_to_js(const std::vector<std::vector<Matrix>>& layers);

}  // namespace atlas::wasm
