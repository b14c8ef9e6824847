// The in-page trainer of section 13: a Transformer<float> (transformer.hpp)
// learning a synthetic task (tasks.hpp) with AdamW (adamw.hpp), plus the
// evaluation the figures draw. One object owns the whole run, so a seed gives
// the same run natively and in WASM, and save()/load() resume it exactly.
//
// Step t trains on make_batch(task, batch, context, vocab, mix_seed(seed, t)):
// the data depend on the seed and the step only, never on wall-clock slicing.
// The gradient's global norm is clipped to `clip` before AdamW.
//
// Divergence: when a step's loss or gradient is not finite, or the loss rises
// above 2 ln(vocab) (far worse than guessing uniformly, whose loss is about
// ln(vocab)), the trainer stops with a message and applies no more updates:
// the weights stay finite, and no NaN reaches a figure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"
#include "atlas/model/adamw.hpp"
#include "atlas/model/tasks.hpp"
#include "atlas/model/transformer.hpp"

namespace atlas::model {

struct TrainerOptions {
  std::string task = "induction";
  std::uint64_t seed = 1;
  ModelShape shape{};          // layers 2, heads 2, d_model 32, context 24, vocab 16, no MLP
  int batch = 16;
  double learning_rate = 3e-3;
  double weight_decay = 0.01;
  double clip = 1.0;
};

// Throws ArgumentError (a std::invalid_argument) naming the option: the shape's
// checks, then context, vocab, batch, learningRate, weightDecay and clip against
// their ranges in limits.hpp.
void validate(const TrainerOptions& options);

struct StepResult {
  std::int64_t step;   // steps done so far
  double loss;         // mean loss of the last step's batch (nats); of the last applied step when stopped
  bool stopped;        // true once training has diverged
  std::string message; // why it stopped ("" while training)
  // The loss of the batch that stopped the run, the one the message names (nats; may be
  // above 2 ln(vocab), infinite or NaN); empty while training. `loss` stays the last
  // applied step's, so a caller sees both the last good loss and the bad one.
  std::optional<double> stopped_loss;
};

struct HeadReport {
  int layer, head;
  double previous_token, first_token, induction, mean_distance, entropy;
  bool ablated;
};

struct Evaluation {
  std::int64_t step;
  double loss, loss_first, loss_repeat;          // on the task's probe batch
  std::vector<HeadReport> heads;                 // layer-major
  std::vector<std::vector<Matrix>> attention;    // [layer][head] (T x T), on probe example 0
  std::vector<int> tokens;                       // probe example 0
};

class Trainer {
 public:
  explicit Trainer(const TrainerOptions& options);

  const TrainerOptions& options() const { return options_; }
  std::int64_t steps() const { return step_; }
  std::int64_t parameter_count() const { return static_cast<std::int64_t>(model_.parameters().size()); }
  bool stopped() const { return !stop_message_.empty(); }

  // k AdamW steps (1 <= k <= 10000); stops early, with a message, on divergence.
  // Throws std::invalid_argument once stopped ("create a new trainer to train again").
  StepResult step(int k);
  Evaluation evaluate() const;

  void set_learning_rate(double learning_rate);
  void ablate(int layer, int head, bool off) { model_.set_ablated(layer, head, off); }

  std::vector<std::uint8_t> save() const;
  // Throws std::invalid_argument naming what is wrong with the bytes.
  static Trainer load(const std::vector<std::uint8_t>& bytes);

  const Transformer<float>& model() const { return model_; }

 private:
  TrainerOptions options_;
  Task task_;
  Transformer<float> model_;
  AdamW<float> optimizer_;
  std::vector<char> decay_;
  std::int64_t step_ = 0;
  double last_loss_ = 0;
  std::string stop_message_;
};

// The repeat loss on the task's probe batch with every head in use, with each
// head alone switched off, and with each pair switched off, at the trainer's
// current step: which heads carry what the repeat needs. The trainer's own
// switches (ablate) are ignored and left as they are. Heads are numbered
// layer-major (layer * heads + head).
//
// A pair "backs each other up" (backup) when switching both off raises the
// repeat loss by at least kBackupRise nats and by more than twice what the two
// raise alone together: each head can do the other's work, so neither alone
// looks needed. (For seed 1 both layer-2 heads become induction heads: one off
// costs little, both off lose the repeat.)
inline constexpr double kBackupRise = 0.5;

struct HeadsOff {
  std::vector<int> heads;  // switched off
  double loss_repeat;      // nats
  double rise;             // loss_repeat minus the loss with every head in use
  bool backup;             // pairs only: see above
};

struct AblationStudy {
  std::int64_t step;
  double loss_repeat;            // every head in use
  std::vector<HeadsOff> singles; // one per head, layer-major
  std::vector<HeadsOff> pairs;   // every pair a < b, in order
};

AblationStudy ablation_study(const Trainer& trainer);

// The mean loss on the repeat of `task`'s probe batch (the one evaluate() uses).
double probe_repeat_loss(const Transformer<float>& model, Task task);

}  // namespace atlas::model
