#include "api_trainer.hpp"

#include <emscripten/bind.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "model_adapters.hpp"

namespace atlas::wasm {
namespace {

model::TrainerOptions options_from_js(const val& o) {
  model::TrainerOptions t;
  t.task = o["task"].as<std::string>();
  t.seed = seed_from_js(o["seed"]);
  t.shape.layers = o["layers"].as<int>();
  t.shape.heads = o["heads"].as<int>();
  t.shape.d_model = o["dModel"].as<int>();
  t.shape.context = o["context"].as<int>();
  t.shape.vocab = o["vocab"].as<int>();
  t.shape.mlp = o["mlp"].as<bool>();
  t.batch = o["batch"].as<int>();
  t.learning_rate = o["learningRate"].as<double>();
  t.weight_decay = o["weightDecay"].as<double>();
  t.clip = o["clip"].as<double>();
  return t;
}

val ints_to_js(const std::vector<int>& list) {
  val out = val::array();
  for (int v : list) out.call<void>("push", v);
  return out;
}

val ok() {
  val out = val::object();
  out.set("ok", true);
  return out;
}

// trainer: const model::Trainer* for the const methods, model::Trainer* for the others.
template <typename T, typename Fn>
val on_trainer(T* trainer, Fn&& fn) {
  return guarded([&] {
    if (!trainer) throw std::invalid_argument("this trainer has no model yet");
    return fn(*trainer);
  });
}

}  // namespace

template <typename Fn>
val TrainerHandle::with_trainer(Fn&& fn) const {
  return on_trainer(static_cast<const model::Trainer*>(trainer_.get()), std::forward<Fn>(fn));
}

template <typename Fn>
val TrainerHandle::with_trainer(Fn&& fn) {
  return on_trainer(trainer_.get(), std::forward<Fn>(fn));
}

val TrainerHandle::init(const val& options) {
  return guarded([&] {
    trainer_ = std::make_unique<model::Trainer>(options_from_js(options));
    return ok();
  });
}

val TrainerHandle::load(const val& bytes) {
  return guarded([&] {
    trainer_ = std::make_unique<model::Trainer>(
        model::Trainer::load(emscripten::convertJSArrayToNumberVector<std::uint8_t>(bytes)));
    return ok();
  });
}

val TrainerHandle::config() const {
  return with_trainer([](const model::Trainer& t) {
    const model::TrainerOptions& o = t.options();
    val out = val::object();
    out.set("task", o.task);
    out.set("seed", static_cast<double>(o.seed));
    out.set("layers", o.shape.layers);
    out.set("heads", o.shape.heads);
    out.set("dModel", o.shape.d_model);
    out.set("context", o.shape.context);
    out.set("vocab", o.shape.vocab);
    out.set("mlp", o.shape.mlp);
    out.set("batch", o.batch);
    out.set("learningRate", o.learning_rate);
    out.set("weightDecay", o.weight_decay);
    out.set("clip", o.clip);
    out.set("parameters", static_cast<double>(t.parameter_count()));
    return out;
  });
}

val TrainerHandle::step(int k) {
  return with_trainer([&](model::Trainer& t) {
    const model::StepResult r = t.step(k);
    val out = val::object();
    out.set("step", static_cast<double>(r.step));
    out.set("loss", r.loss);
    out.set("stopped", r.stopped);
    out.set("message", r.message);
    // The loss of the batch that stopped the run (may be NaN or Infinity); null while training.
    out.set("stoppedLoss", r.stopped_loss ? val(*r.stopped_loss) : val::null());
    return out;
  });
}

val TrainerHandle::evaluate() const {
  return with_trainer([](const model::Trainer& t) {
    const model::Evaluation e = t.evaluate();
    val out = val::object();
    out.set("step", static_cast<double>(e.step));
    out.set("loss", e.loss);
    out.set("lossFirst", e.loss_first);
    out.set("lossRepeat", e.loss_repeat);
    val heads = val::array();
    for (const model::HeadReport& h : e.heads) {
      val r = head_to_js(h);
      r.set("ablated", h.ablated);
      heads.call<void>("push", r);
    }
    out.set("heads", heads);
    out.set("attention", layers_to_js(e.attention));
    out.set("tokens", ints_to_js(e.tokens));
    return out;
  });
}

val TrainerHandle::set_learning_rate(double learning_rate) {
  return with_trainer([&](model::Trainer& t) {
    t.set_learning_rate(learning_rate);
    return ok();
  });
}

val TrainerHandle::ablate(int layer, int head, bool off) {
  return with_trainer([&](model::Trainer& t) {
    t.ablate(layer, head, off);
    return ok();
  });
}

val TrainerHandle::ablation() const {
  return with_trainer([](const model::Trainer& t) {
    const model::AblationStudy study = model::ablation_study(t);
    const int heads = t.options().shape.heads;
    auto list = [heads](const std::vector<model::HeadsOff>& entries) {
      val out = val::array();
      for (const model::HeadsOff& e : entries) {
        val off = val::array();
        for (int k : e.heads) {
          val h = val::object();
          h.set("layer", k / heads);
          h.set("head", k % heads);
          off.call<void>("push", h);
        }
        val item = val::object();
        item.set("heads", off);
        item.set("lossRepeat", e.loss_repeat);
        item.set("rise", e.rise);
        item.set("backup", e.backup);
        out.call<void>("push", item);
      }
      return out;
    };
    val out = val::object();
    out.set("step", static_cast<double>(study.step));
    out.set("lossRepeat", study.loss_repeat);
    out.set("singles", list(study.singles));
    out.set("pairs", list(study.pairs));
    return out;
  });
}

val TrainerHandle::save() const {
  return with_trainer([](const model::Trainer& t) {
    const std::vector<std::uint8_t> bytes = t.save();
    return val::global("Uint8Array").new_(emscripten::typed_memory_view(bytes.size(), bytes.data()));
  });
}

}  // namespace atlas::wasm
