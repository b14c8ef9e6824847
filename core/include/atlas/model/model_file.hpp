// The shipped model's file: a trained Transformer's shape, its characters, a
// meta record (JSON text, as `make model` wrote it) and its weights in IEEE
// half precision (fp16), which halves the download against float32 and
// changes the held-out loss by less than 1e-3 nats (meta records the loss of
// the fp16 weights themselves, so it can be recomputed exactly).
//
// Layout (little-endian, bytes.hpp), version 1:
//   "ATLM" u32 version | layers heads dModel context vocab i32, mlp u8 |
//   characters text (UTF-8, one code point per token id; id 0 is the unknown
//   symbol) | meta text (JSON) | parameter count u64 | fp16 x count | FNV-1a u32
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/model/transformer.hpp"

namespace atlas::model {

struct ModelFile {
  ModelShape shape;
  std::string characters;  // UTF-8; code point k is token k
  std::string meta_json;
  std::vector<float> parameters;
};

// Rounds to the nearest fp16 (ties to even), and back.
std::uint16_t to_half(float value);
float from_half(std::uint16_t half);

std::vector<std::uint8_t> write_model_file(const ModelFile& file);
// Throws std::invalid_argument ("The model file ...") naming what is wrong.
ModelFile read_model_file(const std::vector<std::uint8_t>& bytes);

}  // namespace atlas::model
