// Generating text from the trained model, one character at a time
// (TrainedModel::generate): the next character is drawn from the model's
// logits, appended, and the model runs again, with the KV cache (kv_cache.hpp)
// or by recomputing the whole sequence.
//
// sample_token(logits, temperature, top_k, rng) draws from
//   p_i proportional to exp(logit_i / temperature) over the top_k largest logits
// (top-k sampling as Fan et al. 2018 generate stories: from the k = 10 most
// likely words; the temperature as section 11 of the page explains it).
// temperature 0 takes the most probable token (the lowest id on a tie) and
// draws nothing; ties at the k-th logit keep the lower ids.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"
#include "atlas/attention/random.hpp"
#include "atlas/model/kv_cache.hpp"
#include "atlas/model/tensors.hpp"

namespace atlas::model {

struct GenerateOptions {
  int steps = 40;              // characters to generate; prompt + steps <= the context
  double temperature = 1.0;    // >= 0; 0 always takes the most probable character
  std::optional<int> top_k;    // 1..V: sample among the k most probable; none: all
  std::uint64_t seed = 1;
  bool cache = true;           // decode with the KV cache, or recompute the sequence at every step
  // Also decode the other way, once over the whole sequence (one full pass, or token by token
  // with a cache), and report each character's largest difference.
  bool compare = true;
};

struct SampledToken {
  int id;
  double probability;           // the model's: softmax of the logits at temperature 1
  double sampling_probability;  // under the temperature and top-k it was drawn with
};
// temperature >= 0 and 1 <= top_k <= logits.size() (checked by the caller).
SampledToken sample_token(const RowVector<float>& logits, double temperature, int top_k, Rng& rng);

struct GeneratedCharacter {
  std::string character;
  int id;
  double probability, sampling_probability;  // as SampledToken's
  // [layer] (H x t): the weights of the query that chose it (position t - 1)
  // over positions 0..t-1, the prompt and what was generated before it
  std::vector<Matrix> attention;
  // The multiply-adds (kv_cache.hpp's multiply_adds) this character costs with the cache (the
  // first one's includes the prompt) and by recomputing all t positions, whichever way it ran.
  std::int64_t multiply_adds_cached, multiply_adds_full;
  std::optional<double> difference;  // max |cached - recomputed| over its logits and attention rows (compare only)
};

// What a cached generation computes first: the prompt run into an empty KV cache, and the
// last prompt position's logits and attention rows (the query that chooses the first
// character). Handed to generate() again, a generation from the same prompt starts from a
// copy of it instead of running the prompt again (prefix caching: the prompt's keys and
// values do not depend on how the continuation is sampled); another prompt replaces it.
// Only a cached generation (options.cache) reads or writes it; its numbers are the same.
struct PromptCache {
  std::vector<int> ids;  // the prompt's character ids (empty: nothing kept yet)
  KVCache cache;
  RowVector<float> logits;
  std::vector<Matrix> attention;  // [layer] (H x prompt length)
};

struct Generation {
  std::vector<std::string> prompt;  // the prompt's characters
  std::vector<GeneratedCharacter> characters;
  std::optional<double> max_difference;  // over every character (compare only)
  std::int64_t total_multiply_adds_cached = 0, total_multiply_adds_full = 0;  // sums over the characters
};

}  // namespace atlas::model
