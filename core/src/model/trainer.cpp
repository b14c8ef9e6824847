#include "atlas/model/trainer.hpp"

#include <cmath>
#include <stdexcept>

#include "atlas/attention/attention_distance.hpp"
#include "atlas/attention/number_text.hpp"
#include "atlas/attention/random.hpp"
#include "atlas/model/bytes.hpp"
#include "atlas/model/head_scores.hpp"

namespace atlas::model {
namespace {

constexpr int kProbeCount = 8;        // task probes: losses, distance, entropy
constexpr int kRepeatProbeCount = 4;  // [start, s, s] probes: induction
constexpr std::uint64_t kRepeatStream = 0x1d0c7u;

void need(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

Matrix to_double(const RowMatrix<float>& m) { return m.cast<double>(); }

std::vector<std::vector<int>> tokens_of(const std::vector<Example>& batch) {
  std::vector<std::vector<int>> out;
  for (const Example& ex : batch) out.push_back(ex.tokens);
  return out;
}

}  // namespace

void validate(const TrainerOptions& o) {
  parse_task(o.task);
  validate(o.shape);
  need(o.shape.context >= 8 && o.shape.context <= 64, "context must be 8 to 64; got " + std::to_string(o.shape.context));
  need(o.shape.vocab >= 4 && o.shape.vocab <= 64, "vocab must be 4 to 64; got " + std::to_string(o.shape.vocab));
  need(o.batch >= 1 && o.batch <= 64, "batch must be 1 to 64; got " + std::to_string(o.batch));
  need(std::isfinite(o.learning_rate) && o.learning_rate > 0 && o.learning_rate <= 10,
       "learningRate must be greater than 0 and at most 10; got " + number_text(o.learning_rate));
  need(std::isfinite(o.weight_decay) && o.weight_decay >= 0 && o.weight_decay <= 1,
       "weightDecay must be 0 to 1; got " + number_text(o.weight_decay));
  need(std::isfinite(o.clip) && o.clip > 0 && o.clip <= 1000, "clip must be greater than 0 and at most 1000; got " + number_text(o.clip));
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
  need(k >= 1 && k <= 10000, "steps must be 1 to 10000; got " + std::to_string(k));
  need(!stopped(), stop_message_ + " Create a new trainer to train again.");
  const ModelShape& s = options_.shape;
  const double ceiling = 2.0 * std::log(static_cast<double>(s.vocab));
  std::vector<float> grad;
  for (int i = 0; i < k; ++i) {
    const auto batch = make_batch(task_, options_.batch, s.context, s.vocab, mix_seed(options_.seed, static_cast<std::uint64_t>(step_)));
    const double loss = model_.loss_and_gradient(tokens_of(batch), &grad);
    const double norm = clip_gradient_norm(grad, options_.clip);
    if (!std::isfinite(loss) || !std::isfinite(norm) || loss > ceiling) {
      stop_message_ = "Training stopped at step " + std::to_string(step_) + ": the loss " +
                      (std::isfinite(loss) ? "rose to " + std::to_string(loss).substr(0, 6) + " nats, worse than guessing"
                                           : std::string("is no longer a finite number")) +
                      " (the learning rate " + number_text(options_.learning_rate) + " is probably too high).";
      break;
    }
    optimizer_.step(model_.parameters(), grad, decay_);
    last_loss_ = loss;
    ++step_;
  }
  return StepResult{step_, last_loss_, stopped(), stop_message_};
}

Evaluation Trainer::evaluate() const {
  const ModelShape& s = options_.shape;
  Evaluation ev;
  ev.step = step_;
  const auto probes = probe_batch(task_, kProbeCount, s.context, s.vocab);
  std::vector<double> sums(3, 0.0), counts(3, 0.0);
  std::vector<HeadReport> heads;
  for (int l = 0; l < s.layers; ++l)
    for (int h = 0; h < s.heads; ++h) heads.push_back(HeadReport{l, h, 0, 0, 0, 0, 0, model_.ablated(l, h)});
  SequenceCache<float> cache;
  for (std::size_t b = 0; b < probes.size(); ++b) {
    model_.forward(probes[b].tokens, cache);
    const std::vector<double> losses = model_.position_losses(cache);
    for (std::size_t t = 0; t < losses.size(); ++t) {
      const int region = probes[b].region[t + 1];
      sums[0] += losses[t];
      counts[0] += 1;
      if (region > 0) {
        sums[static_cast<std::size_t>(region)] += losses[t];
        counts[static_cast<std::size_t>(region)] += 1;
      }
    }
    for (HeadReport& r : heads) {
      const Matrix A = to_double(cache.layers[static_cast<std::size_t>(r.layer)].attention[static_cast<std::size_t>(r.head)]);
      r.previous_token += previous_token_score(A) / kProbeCount;
      r.first_token += first_token_score(A) / kProbeCount;
      r.mean_distance += mean_attention_distance(A) / kProbeCount;
      r.entropy += mean_row_entropy(A) / kProbeCount;
    }
    if (b == 0) {
      ev.tokens = probes[b].tokens;
      ev.attention.assign(static_cast<std::size_t>(s.layers), {});
      for (int l = 0; l < s.layers; ++l)
        for (const auto& A : cache.layers[static_cast<std::size_t>(l)].attention) ev.attention[static_cast<std::size_t>(l)].push_back(to_double(A));
    }
  }
  const int L = (s.context - 1) / 2;
  for (int p = 0; p < kRepeatProbeCount; ++p) {
    model_.forward(repeat_probe(s.context, s.vocab, mix_seed(kRepeatStream, static_cast<std::uint64_t>(p))), cache);
    for (HeadReport& r : heads)
      r.induction += induction_score(to_double(cache.layers[static_cast<std::size_t>(r.layer)].attention[static_cast<std::size_t>(r.head)]), L) /
                     kRepeatProbeCount;
  }
  ev.loss = sums[0] / counts[0];
  ev.loss_first = counts[1] > 0 ? sums[1] / counts[1] : 0.0;
  ev.loss_repeat = counts[2] > 0 ? sums[2] / counts[2] : 0.0;
  ev.heads = heads;
  return ev;
}

}  // namespace atlas::model
