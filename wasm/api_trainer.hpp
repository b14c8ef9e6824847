// The trainer of section 13 as an Embind class (docs/api.md, "The trainer").
// One TrainerHandle owns one atlas::model::Trainer. Like every binding here,
// each method returns a plain object, or {error: message} which the facade
// (wasm/js/trainer-api.js) throws; no math here.
#pragma once

#include <memory>

#include "adapters.hpp"
#include "atlas/model/trainer.hpp"

namespace atlas::wasm {

class TrainerHandle {
 public:
  // options: {task, seed, layers, heads, dModel, context, vocab, batch,
  // learningRate, weightDecay, clip, mlp}, every field filled in by the facade.
  // -> {ok: true} or {error}
  val init(const val& options);
  // bytes: Uint8Array from save() -> {ok: true} or {error}
  val load(const val& bytes);

  val config() const;         // the options in force, plus parameters
  val step(int k);            // {step, loss, stopped, message}
  val evaluate() const;       // {step, loss, lossFirst, lossRepeat, heads, attention, tokens}
  val set_learning_rate(double learning_rate);
  val ablate(int layer, int head, bool off);
  // {step, lossRepeat, singles, pairs: [{heads: [{layer, head}], lossRepeat, rise, backup}]}
  val ablation() const;
  val save() const;           // Uint8Array

 private:
  std::unique_ptr<model::Trainer> trainer_;
  // Runs fn(trainer) under guarded(), or returns {error} when no run was made yet.
  template <typename Fn>
  val with_trainer(Fn&& fn) const;
  template <typename Fn>
  val with_trainer(Fn&& fn);
};

}  // namespace atlas::wasm
