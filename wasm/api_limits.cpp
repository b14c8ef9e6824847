#include "api_limits.hpp"

#include "atlas/attention/alibi.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/patterns.hpp"
#include "atlas/attention/self_attention.hpp"
#include "atlas/model/limits.hpp"
#include "atlas/model/trainer.hpp"

namespace atlas::wasm {
namespace {

template <typename R>
val range(R r) {
  val out = val::object();
  out.set("min", r.min);
  out.set("max", r.max);
  return out;
}

val range(double min, double max) { return range(model::Range{min, max}); }

val trainer_defaults() {
  const model::TrainerOptions o{};
  val out = val::object();
  out.set("task", o.task);
  out.set("seed", static_cast<double>(o.seed));
  out.set("layers", o.shape.layers);
  out.set("heads", o.shape.heads);
  out.set("dModel", o.shape.d_model);
  out.set("context", o.shape.context);
  out.set("vocab", o.shape.vocab);
  out.set("batch", o.batch);
  out.set("learningRate", o.learning_rate);
  out.set("weightDecay", o.weight_decay);
  out.set("clip", o.clip);
  out.set("mlp", o.shape.mlp);
  return out;
}

}  // namespace

val limits_js() {
  val out = val::object();
  out.set("maxSequence", kMaxSequence);
  out.set("maxModel", kMaxModel);
  out.set("maxWords", kMaxWords);
  out.set("maxSeries", kMaxSeries);
  out.set("maxStack", kMaxStack);
  out.set("maxSeed", static_cast<double>(kMaxSeed));
  out.set("maxPositional", kMaxPositional);
  out.set("maxAlibiHeads", kMaxAlibiHeads);
  out.set("maxSlopeScale", kMaxSlopeScale);
  out.set("maxNoise", kMaxNoise);
  out.set("width", range(kMinWidth, kMaxSequence));
  out.set("concentration", range(kMinConcentration, kMaxConcentration));
  out.set("temperature", range(kMinTemperature, kMaxTemperature));
  val tiling = val::object();  // section 17
  tiling.set("n", range(1, kMaxTilingLessonN));
  tiling.set("d", range(1, kMaxTilingLessonD));
  tiling.set("costN", range(1, kMaxCostN));
  tiling.set("costLengths", kMaxCostLengths);
  tiling.set("fastMemory", range(1, static_cast<double>(kMaxFastMemory)));
  out.set("tiling", tiling);

  val shape = val::object();
  shape.set("layers", range(model::kLayers));
  shape.set("heads", range(model::kHeads));
  shape.set("dModel", range(model::kDModel));
  shape.set("context", range(model::kShapeContext));
  shape.set("vocab", range(model::kShapeVocab));
  out.set("shape", shape);

  val trainer = val::object();
  trainer.set("context", range(model::kContext));
  trainer.set("vocab", range(model::kVocab));
  trainer.set("batch", range(model::kBatch));
  trainer.set("steps", range(model::kStepsPerCall));
  trainer.set("learningRate", range(model::kLearningRate));  // min exclusive
  trainer.set("weightDecay", range(model::kWeightDecay));
  trainer.set("clip", range(model::kClip));                  // min exclusive
  out.set("trainer", trainer);
  out.set("trainerDefaults", trainer_defaults());
  const SelfAttentionOptions sentence{};
  val defaults = val::object();
  defaults.set("dModel", sentence.d_model);
  defaults.set("seed", static_cast<double>(sentence.seed));
  out.set("sentenceDefaults", defaults);
  const PatternOptions pattern{};
  val patterns = val::object();
  patterns.set("window", pattern.window);
  patterns.set("stride", pattern.stride);
  patterns.set("globals", pattern.globals);
  out.set("patternDefaults", patterns);
  const AlibiOptions alibi{};
  val alibis = val::object();
  alibis.set("heads", alibi.heads);
  alibis.set("slopeScale", alibi.slope_scale);
  alibis.set("causal", alibi.causal);
  out.set("alibiDefaults", alibis);
  return out;
}

}  // namespace atlas::wasm
