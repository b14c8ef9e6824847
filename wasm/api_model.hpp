// The shipped character model as an Embind class (docs/api.md, "The trained model").
// Each method returns a plain object, or {error: message} (and `field` when
// the core names the argument at fault) which the facade (wasm/js/model-api.js)
// throws; no math here.
#pragma once

#include <memory>

#include "adapters.hpp"
#include "atlas/model/trained_model.hpp"

namespace atlas::wasm {

class ModelHandle {
 public:
  val load(const val& bytes);  // Uint8Array of a model file -> {ok} or {error}
  val config() const;          // {layers, heads, dModel, context, mlp, parameters, vocab: string[], unknownSymbol}
  val meta() const;            // the meta record's JSON text
  // mask: a Matrix or null; matrices = false: no attention and words (the head reports only)
  val run(const std::string& text, const val& mask, bool matrices) const;
  val loss(const std::string& text, const val& mask) const;  // run's tokens, unknown, loss and losses alone
  val logits(const std::string& text) const;
  // options: {steps, temperature, topK, seed, cache, compare}, the facade's defaults filled in
  // Keeps the prompt's run (prompt_cache_) for the next generation from the same prompt.
  val generate(const std::string& prompt, const val& options);
  val query_key(const std::string& text, int layer, int head) const;

 private:
  std::unique_ptr<model::TrainedModel> model_;
  model::PromptCache prompt_cache_;
  template <typename Fn>
  val with_model(Fn&& fn) const;
};

}  // namespace atlas::wasm
