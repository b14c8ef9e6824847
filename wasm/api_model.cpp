#include "api_model.hpp"

#include <algorithm>
#include <limits>
#include <optional>
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

namespace {

// A generation -> the raw form model-api.js expands into docs/api.md's one object per
// character: the per-character numbers as typed arrays, and per layer one Float64Array of
// every character's (H x t) attention rows, each character's after the one before it (t grows
// by one a character). Built through Embind one object and one matrix at a time, a 60-character
// generation was hundreds of calls into JavaScript, about 4 ms in Chromium.
val generation_to_js(const model::Generation& g) {
  const auto steps = static_cast<Eigen::Index>(g.characters.size());
  std::string characters;  // one code point each (characters.hpp): the facade splits them again
  Vector probability(steps), sampling(steps), cached(steps), full(steps), difference(steps);
  for (Eigen::Index k = 0; k < steps; ++k) {
    const model::GeneratedCharacter& c = g.characters[static_cast<std::size_t>(k)];
    characters += c.character;
    probability(k) = c.probability;
    sampling(k) = c.sampling_probability;
    cached(k) = static_cast<double>(c.multiply_adds_cached);
    full(k) = static_cast<double>(c.multiply_adds_full);
    difference(k) = c.difference.value_or(std::numeric_limits<double>::quiet_NaN());
  }
  val layers = val::array();
  const std::size_t layer_count = g.characters.empty() ? 0 : g.characters.front().attention.size();
  for (std::size_t l = 0; l < layer_count; ++l) {
    Eigen::Index total = 0;
    for (const model::GeneratedCharacter& c : g.characters) total += c.attention[l].size();
    Vector rows(total);
    Eigen::Index at = 0;
    for (const model::GeneratedCharacter& c : g.characters) {
      std::copy_n(c.attention[l].data(), c.attention[l].size(), rows.data() + at);
      at += c.attention[l].size();
    }
    layers.call<void>("push", vector_to_js(rows));
  }
  val out = val::object();
  std::string prompt;
  for (const std::string& c : g.prompt) prompt += c;
  out.set("prompt", prompt);
  out.set("characters", characters);
  out.set("heads", g.characters.empty() ? 0 : static_cast<int>(g.characters.front().attention.front().rows()));
  out.set("probability", vector_to_js(probability));
  out.set("samplingProbability", vector_to_js(sampling));
  out.set("multiplyAddsCached", vector_to_js(cached));
  out.set("multiplyAddsFull", vector_to_js(full));
  out.set("difference", vector_to_js(difference));  // NaN: not compared
  out.set("attention", layers);
  out.set("maxDifference", g.max_difference ? val(*g.max_difference) : val::null());
  out.set("totalMultiplyAddsCached", static_cast<double>(g.total_multiply_adds_cached));
  out.set("totalMultiplyAddsFull", static_cast<double>(g.total_multiply_adds_full));
  return out;
}

}  // namespace

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

namespace {

// A run's first fields, m.loss's whole result: {tokens, unknown, loss, losses}.
template <typename Scored>
val scored_to_js(const Scored& r) {
  val out = val::object();
  out.set("tokens", strings_to_js(r.characters));
  out.set("unknown", strings_to_js(r.unknown));
  out.set("loss", r.loss);
  out.set("losses", vector_to_js(Vector(Eigen::Map<const Vector>(r.losses.data(), static_cast<Eigen::Index>(r.losses.size())))));
  return out;
}

// mask: a Matrix or null -> the core's (n x n) blocked matrix, or none.
std::optional<Matrix> mask_from_js(const val& mask) {
  if (mask.isNull()) return std::nullopt;
  return matrix_from_js(mask, "mask");
}

}  // namespace

val ModelHandle::loss(const std::string& text, const val& mask) const {
  return with_model([&](const model::TrainedModel& m) {
    const std::optional<Matrix> blocked = mask_from_js(mask);
    return scored_to_js(m.loss(text, blocked ? &*blocked : nullptr));
  });
}

val ModelHandle::run(const std::string& text, const val& mask, bool matrices) const {
  return with_model([&](const model::TrainedModel& m) {
    const std::optional<Matrix> blocked = mask_from_js(mask);
    const model::ModelRun r = m.run(text, blocked ? &*blocked : nullptr, matrices);
    val out = scored_to_js(r);
    val heads = val::array();
    for (const auto& h : r.heads) heads.call<void>("push", head_to_js(h));
    out.set("heads", heads);
    if (!matrices) return out;
    out.set("attention", layers_to_js(r.attention));
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

val ModelHandle::logits(const std::string& text) const {
  return with_model([&](const model::TrainedModel& m) { return matrix_to_js(m.logits(text)); });
}

val ModelHandle::generate(const std::string& prompt, const val& options) {
  return with_model([&](const model::TrainedModel& m) {
    model::GenerateOptions o;
    o.steps = options["steps"].as<int>();
    o.temperature = options["temperature"].as<double>();
    o.top_k = options["topK"].as<int>();
    o.seed = seed_from_js(options["seed"]);
    o.cache = options["cache"].as<bool>();
    o.compare = options["compare"].as<bool>();
    return generation_to_js(m.generate(prompt, o, &prompt_cache_));
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
