#include "atlas/model/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "atlas/attention/attention_distance.hpp"
#include "atlas/attention/number_text.hpp"
#include "atlas/attention/random.hpp"
#include "atlas/model/bytes.hpp"
#include "atlas/model/head_scores.hpp"
#include "atlas/model/limits.hpp"

namespace atlas::model {
namespace {

constexpr int kProbeCount = 8;        // task probes: losses, distance, entropy
constexpr int kRepeatProbeCount = 4;  // [start, s, s] probes: induction
constexpr std::uint64_t kRepeatStream = 0x1d0c7u;

// Throws ArgumentError(name) unless min < value <= max (min <= value with closed_min).
void require_rate(double value, Range range, bool closed_min, const char* name) {
  const bool above = closed_min ? value >= range.min : value > range.min;
  if (!std::isfinite(value) || !above || value > range.max) {
    throw ArgumentError(name, std::string(name) + (closed_min ? " must be " + number_text(range.min) + " to "
                                                                : " must be greater than " + number_text(range.min) + " and at most ") +
                                  number_text(range.max) + "; got " + number_text(value));
  }
}

Matrix to_double(const RowMatrix<float>& m) { return m.cast<double>(); }

// The mean losses of a probe batch, over all predicted tokens and by region
// (1: first copy, 2: repeat), accumulated one probe at a time.
struct LossSums {
  double sum[3] = {0, 0, 0}, count[3] = {0, 0, 0};
  void add(const Example& probe, const std::vector<double>& losses) {
    for (std::size_t t = 0; t < losses.size(); ++t) {
      const int region = probe.region[t + 1];
      sum[0] += losses[t];
      count[0] += 1;
      if (region > 0) {
        sum[region] += losses[t];
        count[region] += 1;
      }
    }
  }
  double mean(int region) const { return count[region] > 0 ? sum[region] / count[region] : 0.0; }
};

std::vector<std::vector<int>> tokens_of(const std::vector<Example>& batch) {
  std::vector<std::vector<int>> out;
  for (const Example& ex : batch) out.push_back(ex.tokens);
  return out;
}

}  // namespace

void validate(const TrainerOptions& o) {
  parse_task(o.task);
  validate(o.shape);
  require_option(o.shape.context, kContext, "context");
  require_option(o.shape.vocab, kVocab, "vocab");
  require_option(o.batch, kBatch, "batch");
  require_rate(o.learning_rate, kLearningRate, false, "learningRate");
  require_rate(o.weight_decay, kWeightDecay, true, "weightDecay");
  require_rate(o.clip, kClip, false, "clip");
}

Trainer::Trainer(const TrainerOptions& options)
    : options_((validate(options), options)),
      task_(parse_task(options.task)),
      model_(options.shape),
      optimizer_(model_.parameters().size(), AdamWSettings{options.learning_rate, 0.9, 0.98, 1e-8, options.weight_decay}),
      decay_(weight_decay_mask(options.shape, model_.offsets())) {
  model_.initialize(options_.seed);
}

void Trainer::set_learning_rate(double learning_rate) {
  TrainerOptions next = options_;
  next.learning_rate = learning_rate;
  validate(next);
  options_.learning_rate = learning_rate;
  optimizer_.settings().learning_rate = learning_rate;
}

StepResult Trainer::step(int k) {
  require_option(k, kStepsPerCall, "steps");
  if (stopped()) throw ArgumentError("steps", stop_message_ + " Create a new trainer to train again.");
  const ModelShape& s = options_.shape;
  const double ceiling = 2.0 * std::log(static_cast<double>(s.vocab));
  std::vector<float> grad;
  std::optional<double> stopped_loss;
  for (int i = 0; i < k; ++i) {
    const auto batch = make_batch(task_, options_.batch, s.context, s.vocab, mix_seed(options_.seed, static_cast<std::uint64_t>(step_)));
    const double loss = model_.loss_and_gradient(tokens_of(batch), &grad);
    const double norm = clip_gradient_norm(grad, options_.clip);
    if (!std::isfinite(loss) || !std::isfinite(norm) || loss > ceiling) {
      stop_message_ = "Training stopped at step " + std::to_string(step_) + ": the loss " +
                      (std::isfinite(loss) ? "rose to " + std::to_string(loss).substr(0, 6) + " nats, worse than guessing"
                                           : std::string("is no longer a finite number")) +
                      " (the learning rate " + number_text(options_.learning_rate) + " is probably too high).";
      stopped_loss = loss;
      break;
    }
    optimizer_.step(model_.parameters(), grad, decay_);
    last_loss_ = loss;
    ++step_;
  }
  return StepResult{step_, last_loss_, stopped(), stop_message_, stopped_loss};
}

Evaluation Trainer::evaluate() const {
  const ModelShape& s = options_.shape;
  Evaluation ev;
  ev.step = step_;
  const auto probes = probe_batch(task_, kProbeCount, s.context, s.vocab);
  LossSums sums;
  std::vector<HeadReport> heads;
  for (int l = 0; l < s.layers; ++l)
    for (int h = 0; h < s.heads; ++h) heads.push_back(HeadReport{l, h, 0, 0, 0, 0, 0, model_.ablated(l, h)});
  Activations<float> activations;
  for (std::size_t b = 0; b < probes.size(); ++b) {
    model_.forward(probes[b].tokens, activations);
    sums.add(probes[b], model_.position_losses(activations));
    for (HeadReport& r : heads) {
      const Matrix A = to_double(activations.layers[static_cast<std::size_t>(r.layer)].attention[static_cast<std::size_t>(r.head)]);
      r.previous_token += previous_token_score(A) / kProbeCount;
      r.first_token += first_token_score(A) / kProbeCount;
      r.mean_distance += mean_attention_distance(A) / kProbeCount;
      r.entropy += mean_row_entropy(A) / kProbeCount;
    }
    if (b == 0) {
      ev.tokens = probes[b].tokens;
      ev.attention.assign(static_cast<std::size_t>(s.layers), {});
      for (int l = 0; l < s.layers; ++l)
        for (const auto& A : activations.layers[static_cast<std::size_t>(l)].attention) ev.attention[static_cast<std::size_t>(l)].push_back(to_double(A));
    }
  }
  const int repeat_length = (s.context - 1) / 2;  // of the probes [start, s, s]
  for (int p = 0; p < kRepeatProbeCount; ++p) {
    model_.forward(repeat_probe(s.context, s.vocab, mix_seed(kRepeatStream, static_cast<std::uint64_t>(p))), activations);
    for (HeadReport& r : heads)
      r.induction += induction_score(to_double(activations.layers[static_cast<std::size_t>(r.layer)].attention[static_cast<std::size_t>(r.head)]), repeat_length) /
                     kRepeatProbeCount;
  }
  ev.loss = sums.mean(0);
  ev.loss_first = sums.mean(1);
  ev.loss_repeat = sums.mean(2);
  ev.heads = heads;
  return ev;
}

double probe_repeat_loss(const Transformer<float>& model, Task task) {
  const ModelShape& s = model.shape();
  LossSums sums;
  Activations<float> activations;
  for (const Example& probe : probe_batch(task, kProbeCount, s.context, s.vocab)) {
    model.forward(probe.tokens, activations);
    sums.add(probe, model.position_losses(activations));
  }
  return sums.mean(2);
}

AblationStudy ablation_study(const Trainer& trainer) {
  const ModelShape& s = trainer.options().shape;
  const Task task = parse_task(trainer.options().task);
  Transformer<float> model = trainer.model();
  const int heads = s.layers * s.heads;
  // The repeat loss with exactly the heads in `off` (layer-major indices) switched off.
  auto loss_without = [&](const std::vector<int>& off) {
    for (int k = 0; k < heads; ++k) model.set_ablated(k / s.heads, k % s.heads, false);
    for (int k : off) model.set_ablated(k / s.heads, k % s.heads, true);
    return probe_repeat_loss(model, task);
  };
  AblationStudy study;
  study.step = trainer.steps();
  study.loss_repeat = loss_without({});
  for (int a = 0; a < heads; ++a) {
    const double loss = loss_without({a});
    study.singles.push_back(HeadsOff{{a}, loss, loss - study.loss_repeat, false});
  }
  for (int a = 0; a < heads; ++a) {
    for (int b = a + 1; b < heads; ++b) {
      const double loss = loss_without({a, b});
      const double rise = loss - study.loss_repeat;
      const double alone = std::max(0.0, study.singles[a].rise) + std::max(0.0, study.singles[b].rise);
      study.pairs.push_back(HeadsOff{{a, b}, loss, rise, rise >= kBackupRise && rise > 2 * alone});
    }
  }
  return study;
}

}  // namespace atlas::model
