// A ModelShape in the byte layout both of the model's files use (the shipped
// weights, model_file.hpp, and a saved trainer, trainer.hpp): i32 layers, heads,
// dModel, context, vocab, then u8 mlp. Reading does not validate the shape:
// each file says in its own words what an invalid one means for it.
#pragma once

#include "atlas/model/bytes.hpp"
#include "atlas/model/transformer.hpp"

namespace atlas::model {

void write_shape(ByteWriter& w, const ModelShape& shape);
ModelShape read_shape(ByteReader& r);

}  // namespace atlas::model
