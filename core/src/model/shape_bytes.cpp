#include "atlas/model/shape_bytes.hpp"

namespace atlas::model {

void write_shape(ByteWriter& w, const ModelShape& s) {
  for (int v : {s.layers, s.heads, s.d_model, s.context, s.vocab}) w.i32(v);
  w.u8(s.mlp ? 1 : 0);
}

ModelShape read_shape(ByteReader& r) {
  ModelShape s;
  s.layers = r.i32("layers");
  s.heads = r.i32("heads");
  s.d_model = r.i32("dModel");
  s.context = r.i32("context");
  s.vocab = r.i32("vocab");
  s.mlp = r.u8("mlp") != 0;
  return s;
}

}  // namespace atlas::model
