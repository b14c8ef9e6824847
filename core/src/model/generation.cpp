// TrainedModel::generate and ::logits (trained_model.hpp), and sample_token
// (generation.hpp).
#include "atlas/model/generation.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "atlas/model/kv_cache.hpp"
#include "atlas/model/trained_model.hpp"

namespace atlas::model {
namespace {

std::string list_of(const std::vector<std::string>& characters) {
  std::string out;
  for (const std::string& c : characters) out += (out.empty() ? "\"" : ", \"") + c + "\"";
  return out;
}

// Row `row` of an extension: that query's logits and, per layer, its (H x keys) weights.
struct QueryRow {
  RowVector<float> logits;
  std::vector<Matrix> attention;
};
QueryRow query_row(const Extension& e, Eigen::Index row, Eigen::Index keys) {
  QueryRow out{e.logits.row(row), {}};
  for (const auto& heads : e.attention) {
    Matrix layer(static_cast<Eigen::Index>(heads.size()), keys);
    for (std::size_t h = 0; h < heads.size(); ++h) layer.row(static_cast<Eigen::Index>(h)) = heads[h].row(row).head(keys).cast<double>();
    out.attention.push_back(std::move(layer));
  }
  return out;
}
QueryRow last_row(const Extension& e) { return query_row(e, e.logits.rows() - 1, e.attention.front().front().cols()); }

double largest_difference(const QueryRow& a, const QueryRow& b) {
  double out = (a.logits - b.logits).cwiseAbs().maxCoeff();
  for (std::size_t l = 0; l < a.attention.size(); ++l) out = std::max(out, (a.attention[l] - b.attention[l]).cwiseAbs().maxCoeff());
  return out;
}

}  // namespace

SampledToken sample_token(const RowVector<float>& logits, double temperature, int top_k, Rng& rng) {
  const int vocab = static_cast<int>(logits.size());
  const double top = logits.maxCoeff();
  double all = 0;  // the softmax's denominator at temperature 1; the max's term is 1
  for (int i = 0; i < vocab; ++i) all += std::exp(logits(i) - top);
  // The ids by logit, largest first (ties: the smaller id first, as a stable sort of 0, 1, ...
  // gives), sorted only as far as the ids that can be chosen. The order is total, so selecting
  // the first chosen_from and sorting them gives what partial_sort gives, without its heap
  // (a heap sort of the whole vocabulary was a seventh of a decoding step at top-k = vocab).
  std::vector<int> order(static_cast<std::size_t>(vocab));
  std::iota(order.begin(), order.end(), 0);
  const int chosen_from = temperature == 0.0 ? 1 : top_k;
  const auto before = [&](int a, int b) { return logits(a) > logits(b) || (logits(a) == logits(b) && a < b); };
  if (chosen_from < vocab) std::nth_element(order.begin(), order.begin() + chosen_from, order.end(), before);
  std::sort(order.begin(), order.begin() + chosen_from, before);
  auto result = [&](int id, double sampling) { return SampledToken{id, std::exp(logits(id) - top) / all, sampling}; };
  if (temperature == 0.0) return result(order.front(), 1.0);
  std::vector<double> weights;  // exp((logit - max) / temperature) <= 1 over the kept ids, in order
  for (int k = 0; k < top_k; ++k) weights.push_back(std::exp((logits(order[static_cast<std::size_t>(k)]) - top) / temperature));
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  const double draw = rng.uniform() * total;
  std::size_t k = 0;  // the first kept id whose cumulative weight passes the draw
  for (double below = weights[0]; draw >= below && k + 1 < weights.size(); below += weights[++k]) {
  }
  return result(order[k], weights[k] / total);
}

Matrix TrainedModel::logits(const std::string& text) const {
  const CharacterSet::Encoded e = encode(text, 1);
  Activations<float> activations;
  model_.forward(e.ids, activations);
  return activations.logits.cast<double>();
}

Generation TrainedModel::generate(const std::string& prompt, const GenerateOptions& options, PromptCache* prompt_cache) const {
  const ModelShape& s = model_.shape();
  const CharacterSet::Encoded e = characters_.encode(prompt);
  const int length = static_cast<int>(e.ids.size());
  if (length < 1 || length >= s.context)
    throw ArgumentError("prompt", "prompt must have 1 to " + std::to_string(s.context - 1) + " characters (the model's context is " +
                                    std::to_string(s.context) + " characters, and at least one is generated); got " + std::to_string(length));
  if (!e.unknown.empty()) throw ArgumentError("prompt", "prompt has characters the model does not know: " + list_of(e.unknown));
  if (options.steps < 1 || length + options.steps > s.context)
    throw ArgumentError("steps", "steps must be 1 to " + std::to_string(s.context - length) + ": the prompt has " + std::to_string(length) +
                                   " characters and prompt plus continuation must fit the model's context of " + std::to_string(s.context) +
                                   " characters; got " + std::to_string(options.steps));
  if (!(options.temperature >= 0.0) || !std::isfinite(options.temperature))
    throw ArgumentError("temperature", "temperature must be a finite number >= 0; got " + std::to_string(options.temperature));
  const int top_k = options.top_k.value_or(s.vocab);
  if (top_k < 1 || top_k > s.vocab)
    throw ArgumentError("topK", "topK must be 1 to " + std::to_string(s.vocab) + " (the vocabulary); got " + std::to_string(top_k));

  Rng rng(options.seed);
  Generation out;
  out.prompt = e.characters;
  std::vector<int> ids = e.ids;
  std::vector<QueryRow> chose;  // the row of the query that chose each character
  KVCache cache;
  // With the cache, the first step runs the whole prompt into it (or copies the prompt's run
  // kept from an earlier generation) and later ones only the newest character.
  const bool reuse = options.cache && prompt_cache != nullptr;
  const bool kept = reuse && prompt_cache->ids == e.ids;
  for (int step = 0; step < options.steps; ++step) {
    const int t = static_cast<int>(ids.size());
    KVCache empty;
    if (step == 0 && kept) {
      cache = prompt_cache->cache;
      chose.push_back({prompt_cache->logits, prompt_cache->attention});
    } else {
      chose.push_back(last_row(options.cache ? extend(model_, step == 0 ? ids : std::vector<int>{ids.back()}, cache)
                                             : extend(model_, ids, empty)));
    }
    if (step == 0 && reuse && !kept) *prompt_cache = {e.ids, cache, chose.back().logits, chose.back().attention};
    const SampledToken token = sample_token(chose.back().logits, options.temperature, top_k, rng);
    GeneratedCharacter next;
    next.id = token.id;
    next.character = characters_.symbols()[static_cast<std::size_t>(token.id)];
    next.probability = token.probability;
    next.sampling_probability = token.sampling_probability;
    next.attention = chose.back().attention;
    next.multiply_adds_cached = multiply_adds(model_, step == 0 ? t : 1, t);
    next.multiply_adds_full = multiply_adds(model_, t, t);
    out.total_multiply_adds_cached += next.multiply_adds_cached;
    out.total_multiply_adds_full += next.multiply_adds_full;
    out.characters.push_back(std::move(next));
    ids.push_back(token.id);
  }
  if (!options.compare) return out;
  // The other way, once over the positions the choosing queries saw (all but the last character):
  // one full pass (causal: its row t - 1 is what recomputing t positions gives), or token by token with a cache.
  const std::vector<int> seen(ids.begin(), ids.end() - 1);
  const int prompt_length = static_cast<int>(e.ids.size());
  auto compare = [&](int step, const QueryRow& row) {
    GeneratedCharacter& ch = out.characters[static_cast<std::size_t>(step)];
    ch.difference = largest_difference(chose[static_cast<std::size_t>(step)], row);
    out.max_difference = std::max(out.max_difference.value_or(0.0), *ch.difference);
  };
  KVCache other;
  if (options.cache) {
    const Extension full = extend(model_, seen, other);
    for (int step = 0; step < options.steps; ++step) compare(step, query_row(full, prompt_length + step - 1, prompt_length + step));
  } else {
    for (int step = 0; step < options.steps; ++step)
      compare(step, last_row(extend(model_, step == 0 ? e.ids : std::vector<int>{seen[static_cast<std::size_t>(prompt_length + step - 1)]}, other)));
  }
  return out;
}

}  // namespace atlas::model
