// Trainer::save / Trainer::load: the whole run in bytes, so a learner can keep
// a trained model and resume it exactly (same next batch, same moments).
//
// Layout (little-endian, bytes.hpp), version 1:
//   "ATLT" u32 version | task text, seed u64 | layers heads dModel context
//   vocab i32, mlp u8 | batch i32, learningRate weightDecay clip f64 |
//   step u64, lastLoss f64, optimizer steps u64 | ablated u8 x (layers*heads) |
//   parameter count u64 | parameters, first moments, second moments f32 x count |
//   FNV-1a checksum u32
#include <cmath>

#include "atlas/model/bytes.hpp"
#include "atlas/model/shape_bytes.hpp"
#include "atlas/model/trainer.hpp"

namespace atlas::model {
namespace {

constexpr std::uint32_t kVersion = 1;

void write_floats(ByteWriter& w, const std::vector<float>& values) {
  for (float v : values) w.f32(v);
}

void read_floats(ByteReader& r, std::vector<float>& values, const char* field) {
  for (float& v : values) {
    v = r.f32(field);
    if (!std::isfinite(v)) r.fail(std::string("has a value that is not a finite number in '") + field + "'");
  }
}

}  // namespace

std::vector<std::uint8_t> Trainer::save() const {
  ByteWriter w;
  w.tag("ATLT");
  w.u32(kVersion);
  w.text(options_.task);
  w.u64(options_.seed);
  const ModelShape& s = options_.shape;
  write_shape(w, s);
  w.i32(options_.batch);
  w.f64(options_.learning_rate);
  w.f64(options_.weight_decay);
  w.f64(options_.clip);
  w.u64(static_cast<std::uint64_t>(step_));
  w.f64(last_loss_);
  w.u64(static_cast<std::uint64_t>(optimizer_.steps()));
  for (int l = 0; l < s.layers; ++l)
    for (int h = 0; h < s.heads; ++h) w.u8(model_.ablated(l, h) ? 1 : 0);
  w.u64(model_.parameters().size());
  write_floats(w, model_.parameters());
  write_floats(w, optimizer_.first_moment());
  write_floats(w, optimizer_.second_moment());
  return w.finish();
}

Trainer Trainer::load(const std::vector<std::uint8_t>& bytes) {
  ByteReader r(bytes, "saved trainer");
  r.expect_tag("ATLT");
  const std::uint32_t version = r.u32("version");
  if (version != kVersion) r.fail("has version " + std::to_string(version) + "; this page reads version 1");
  TrainerOptions o;
  o.task = r.text("task", 32);
  o.seed = r.u64("seed");
  o.shape = read_shape(r);
  o.batch = r.i32("batch");
  o.learning_rate = r.f64("learningRate");
  o.weight_decay = r.f64("weightDecay");
  o.clip = r.f64("clip");
  try {
    validate(o);
  } catch (const std::invalid_argument& e) {
    r.fail(std::string("holds invalid options: ") + e.what());
  }
  Trainer t(o);
  t.step_ = static_cast<std::int64_t>(r.u64("step"));
  t.last_loss_ = r.f64("lastLoss");
  const auto optimizer_steps = static_cast<std::int64_t>(r.u64("optimizer steps"));
  if (t.step_ < 0 || optimizer_steps != t.step_ || !std::isfinite(t.last_loss_)) r.fail("has an inconsistent step count or loss");
  t.optimizer_.set_steps(optimizer_steps);
  for (int l = 0; l < o.shape.layers; ++l)
    for (int h = 0; h < o.shape.heads; ++h) t.model_.set_ablated(l, h, r.u8("ablated") != 0);
  if (r.u64("parameter count") != t.model_.parameters().size()) r.fail("has a parameter count that does not match its shape");
  read_floats(r, t.model_.parameters(), "parameters");
  read_floats(r, t.optimizer_.first_moment(), "first moments");
  read_floats(r, t.optimizer_.second_moment(), "second moments");
  r.expect_end();
  return t;
}

}  // namespace atlas::model
