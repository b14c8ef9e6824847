// The shipped character model at run time: load a model file, run it on a
// learner's text, and report what every head does there (docs/api.md's
// core.loadModel / m.run).
//
// run(text, mask) with 2..context characters (UTF-8) ->
//   characters, ids    one token per code point; unknown characters get id 0
//   unknown            the distinct characters the model does not know
//   loss               mean next-character loss over the text (nats/char)
//   losses             the loss of predicting each character after the first (n - 1)
//   attention          [layer][head] (n x n), causal, rows sum to 1
//   heads              per head: previous-token, first-token, mean distance and
//                      entropy on this text; induction on fixed repeat probes
//                      [start, s, s] of random known characters (tasks.hpp),
//                      the same for every text (it needs a repeat to measure)
//   words              word-level attention, aggregated as Clark et al. 2019 do
//                      for word pieces: attention TO a word is the sum over its
//                      characters, attention FROM a word the mean over them, so
//                      rows still sum to 1. A word is a run of non-space
//                      characters with the spaces after it (spaces before the
//                      first word join it): every character is in one word.
// An optional mask (n x n, 1 = blocked) is combined with the causal mask in
// every head of every layer (Transformer::forward), so the loss and the
// attention are the model's under that mask; induction stays on the probes.
// matrices = false leaves attention and words empty (the heads are still
// reported): for a caller that needs the reports only (section 18).
// logits(text), 1..context characters -> (n x V): row t scores the character
// after position t; column k is token k (0 the unknown symbol).
// generate(prompt, options) -> generation.hpp's Generation: the KV cache at work.
// query_key(text, layer, head) -> the head's queries q_i and keys k_j (n x K)
// projected onto the two principal axes of all 2n vectors together (PCA of
// their joint covariance, centred on their joint mean), as AttentionViz
// (Yeh et al. 2023) draws them: a query lands near the keys it scores highly
// only approximately, since a dot product is not a distance; the share of
// variance the plane keeps is reported.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/attention/check.hpp"
#include "atlas/attention/matrix.hpp"
#include "atlas/model/characters.hpp"
#include "atlas/model/generation.hpp"
#include "atlas/model/trainer.hpp"
#include "atlas/model/transformer.hpp"

namespace atlas::model {

struct WordAttention {
  std::vector<std::string> labels;
  std::vector<std::vector<int>> characters;  // the character indices of each word
  std::vector<std::vector<Matrix>> attention;  // [layer][head] (words x words)
};

// The next-character loss of a text alone (TrainedModel::loss): what a run reports first.
struct ModelLoss {
  std::vector<std::string> characters;
  std::vector<int> ids;
  std::vector<std::string> unknown;
  double loss;                  // the mean of losses, nats per character
  std::vector<double> losses;   // n - 1: predicting each character after the first
};

struct ModelRun {
  std::vector<std::string> characters;
  std::vector<int> ids;
  std::vector<std::string> unknown;
  double loss;
  std::vector<double> losses;
  std::vector<std::vector<Matrix>> attention;
  std::vector<HeadReport> heads;
  WordAttention words;
};

struct QueryKeyPlane {
  Matrix queries, keys;  // (n x 2) each
  double explained;      // share of the joint variance in the plane, 0..1
};

// Groups characters into words (see above) -> character indices per word.
std::vector<std::vector<int>> word_groups(const std::vector<std::string>& characters);
// A (n x n) -> (w x w): rows mean over a word's characters, columns sum.
Matrix aggregate_words(const Matrix& A, const std::vector<std::vector<int>>& groups);

class TrainedModel {
 public:
  // Throws std::invalid_argument ("The model file ...") on malformed bytes.
  static TrainedModel load(const std::vector<std::uint8_t>& bytes);

  const ModelShape& shape() const { return model_.shape(); }
  const CharacterSet& characters() const { return characters_; }
  const std::string& meta_json() const { return meta_; }
  std::int64_t parameter_count() const { return static_cast<std::int64_t>(model_.parameters().size()); }

  // Throw ArgumentError (check.hpp) naming "text", "mask", "prompt", "steps",
  // "temperature" or "topK" on bad input.
  ModelRun run(const std::string& text, const Matrix* mask = nullptr, bool matrices = true) const;
  // run's loss and losses alone, from the same forward pass: none of its per-head reports.
  ModelLoss loss(const std::string& text, const Matrix* mask = nullptr) const;
  Matrix logits(const std::string& text) const;
  // prompt_cache (optional): the prompt's run, reused when it holds this prompt, else filled (generation.hpp).
  Generation generate(const std::string& prompt, const GenerateOptions& options, PromptCache* prompt_cache = nullptr) const;
  QueryKeyPlane query_key(const std::string& text, int layer, int head) const;

 private:
  TrainedModel(Transformer<float> model, CharacterSet characters, std::string meta);
  CharacterSet::Encoded encode(const std::string& text, int shortest) const;  // shortest..context characters
  ModelLoss forward(const std::string& text, const Matrix* mask, Activations<float>& activations) const;
  Transformer<float> model_;
  CharacterSet characters_;
  std::string meta_;
  std::vector<double> induction_;  // per head, layer-major, on the repeat probes
};

}  // namespace atlas::model
