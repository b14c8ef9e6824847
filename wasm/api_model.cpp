#include "api_model.hpp"

#include <stdexcept>
#include <string>

#include "model_adapters.hpp"

namespace atlas::wasm {

template <typename Fn>
val ModelHandle::with_model(Fn&& fn) const {
  return guarded([&] {
    if (!model_) throw std::invalid_argument("no model is loaded");
    return fn(*model_);
  });
}

val ModelHandle::load(const val& bytes) {
  return guarded([&] {
    model_ = std::make_unique<model::TrainedModel>(
        model::TrainedModel::load(emscripten::convertJSArrayToNumberVector<std::uint8_t>(bytes)));
    val out = val::object();
    out.set("ok", true);
    return out;
  });
}

val ModelHandle::config() const {
  return with_model([](const model::TrainedModel& m) {
    const model::ModelShape& s = m.shape();
    val out = val::object();
    out.set("layers", s.layers);
    out.set("heads", s.heads);
    out.set("dModel", s.d_model);
    out.set("context", s.context);
    out.set("mlp", s.mlp);
    out.set("parameters", static_cast<double>(m.parameter_count()));
    const auto& symbols = m.characters().symbols();
    out.set("vocab", strings_to_js(std::vector<std::string>(symbols.begin() + 1, symbols.end())));
    out.set("unknownSymbol", symbols[0]);
    return out;
  });
}

val ModelHandle::meta() const {
  return with_model([](const model::TrainedModel& m) { return val(m.meta_json()); });
}

val ModelHandle::run(const std::string& text) const {
  return with_model([&](const model::TrainedModel& m) {
    const model::ModelRun r = m.run(text);
    val out = val::object();
    out.set("tokens", strings_to_js(r.characters));
    out.set("unknown", strings_to_js(r.unknown));
    out.set("loss", r.loss);
    out.set("attention", layers_to_js(r.attention));
    val heads = val::array();
    for (const auto& h : r.heads) heads.call<void>("push", head_to_js(h));
    out.set("heads", heads);
    val words = val::object();
    words.set("labels", strings_to_js(r.words.labels));
    val groups = val::array();
    for (const auto& g : r.words.characters) {
      val list = val::array();
      for (int i : g) list.call<void>("push", i);
      groups.call<void>("push", list);
    }
    words.set("characters", groups);
    words.set("attention", layers_to_js(r.words.attention));
    out.set("words", words);
    return out;
  });
}

val ModelHandle::query_key(const std::string& text, int layer, int head) const {
  return with_model([&](const model::TrainedModel& m) {
    const model::QueryKeyPlane p = m.query_key(text, layer, head);
    val out = val::object();
    out.set("queries", matrix_to_js(p.queries));
    out.set("keys", matrix_to_js(p.keys));
    out.set("explained", p.explained);
    return out;
  });
}

}  // namespace atlas::wasm
