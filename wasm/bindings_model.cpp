// The full engine's second Embind block: the trainer (section 13) and the
// trained model (the "Trained model" views), over core/model. Linked only into
// atlas-engine-{simd,scalar}-full.js and so into attention-core.js
// (CMakeLists.txt); the lean engines of the page's first paint leave it out,
// and the facade (wasm/js/full-only.js) tells a caller of these functions on a
// lean core where to get them. Nothing else belongs in this file.
#include <emscripten/bind.h>

#include "api_model.hpp"
#include "api_trainer.hpp"

EMSCRIPTEN_BINDINGS(attention_atlas_model) {
  using namespace atlas::wasm;
  emscripten::class_<TrainerHandle>("TrainerHandle")
      .constructor<>()
      .function("init", &TrainerHandle::init)
      .function("load", &TrainerHandle::load)
      .function("config", &TrainerHandle::config)
      .function("step", &TrainerHandle::step)
      .function("evaluate", &TrainerHandle::evaluate)
      .function("setLearningRate", &TrainerHandle::set_learning_rate)
      .function("ablate", &TrainerHandle::ablate)
      .function("ablation", &TrainerHandle::ablation)
      .function("save", &TrainerHandle::save);

  emscripten::class_<ModelHandle>("ModelHandle")
      .constructor<>()
      .function("load", &ModelHandle::load)
      .function("config", &ModelHandle::config)
      .function("meta", &ModelHandle::meta)
      .function("run", &ModelHandle::run)
      .function("loss", &ModelHandle::loss)
      .function("logits", &ModelHandle::logits)
      .function("generate", &ModelHandle::generate)
      .function("queryKey", &ModelHandle::query_key);
}
