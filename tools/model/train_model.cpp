// `make model`: trains the character-level model the article's "Trained model"
// views show, on Jane Austen's novels (tools/corpus/ extracts them), and writes
// it as one model file (core/include/atlas/model/model_file.hpp).
//
//   train_model <train.txt> <heldout.txt> <source> <out.atlm> [steps]
// source: where the text came from, as the meta record states it.
//
// Recipe (deterministic for its seed: our own generator, a fixed summation order):
//   characters  the 80 most frequent of the training text + one unknown symbol
//   windows     at offsets drawn from mix_seed(seed, step), in a curriculum
//               (recipe.hpp, why there): 3750 steps of 32-character windows,
//               90% with a string of 8-15 distinct random characters written
//               twice in a row (from the 16, 32, 48, then all 80 most
//               frequent characters), then 1500 steps of 128-character
//               windows of text, 10% with a span of 8-24 characters copied
//               later and 30% with a random string of 16-63 repeated
//   model       3 layers x 4 heads, d_model 64, GELU MLP, context 128
//   threads     two (the batch split in halves, gradients summed in a fixed order)
//   optimiser   AdamW, lr 3e-3 with 200 warm-up steps and cosine decay to 3e-4,
//               batch 16, weight decay 0.01, gradient norm clipped to 1
//   held out    the last two chapters of Persuasion, in windows of 128
// Every 250 steps it prints the losses and the best head's induction score
// on repeat probes filling the full context and the short windows' context.
// The meta record keeps the curriculum, the loss curve, the held-out loss of the fp16 weights
// as shipped, and the first three training batches with their losses, so a
// test can show the committed weights come from this recipe.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "atlas/attention/random.hpp"
#include "atlas/model/adamw.hpp"
#include "atlas/model/characters.hpp"
#include "atlas/model/head_scores.hpp"
#include "atlas/model/tasks.hpp"
#include "atlas/model/model_file.hpp"
#include "atlas/model/recipe.hpp"
#include "atlas/model/text_repeats.hpp"
#include "atlas/model/text_windows.hpp"
#include "atlas/model/transformer.hpp"

using namespace atlas::model;

namespace {

using namespace atlas::model::recipe;
constexpr int kRecordedBatches = 3;
constexpr int kReportEvery = 500;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
    else if (c == '\n') out += "\\n";
    else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else out += static_cast<char>(c);
  }
  return out + "\"";
}

std::string number(double v, int digits = 4) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string phase_json(const Phase& p) {
  const WindowMix& m = p.mix;
  return "{\"steps\":" + std::to_string(p.steps) + ",\"batch\":" + std::to_string(p.batch) + ",\"context\":" + std::to_string(m.context) +
         ",\"copyShare\":" + number(m.copy_share, 2) + ",\"copyLength\":[" + std::to_string(m.copy_min) + "," + std::to_string(m.copy_max) + "],\"repeatShare\":" +
         number(m.repeat_share, 2) + ",\"repeatLength\":[" + std::to_string(m.repeat_min) + "," + std::to_string(m.repeat_max) + "],\"alphabet\":" + std::to_string(m.alphabet) + "}";
}

std::string curriculum_json() {
  std::string out;
  for (const Phase& p : kCurriculum) out += (out.empty() ? "[" : ",") + phase_json(p);
  return out + "]";
}

// The batch's two halves on two threads; every window has the same length,
// so the mean of the halves' means is the batch mean. The sum is taken in a
// fixed order: the result does not depend on which thread finishes first.
double parallel_loss_and_gradient(const Transformer<float>& model, const std::vector<std::vector<int>>& batch,
                                  std::vector<float>& grad, std::vector<float>& other) {
  const auto middle = batch.begin() + static_cast<std::ptrdiff_t>(batch.size() / 2);
  const std::vector<std::vector<int>> first(batch.begin(), middle), second(middle, batch.end());
  double second_loss = 0;
  std::thread worker([&] { second_loss = model.loss_and_gradient(second, &other); });
  const double first_loss = model.loss_and_gradient(first, &grad);
  worker.join();
  for (std::size_t i = 0; i < grad.size(); ++i) grad[i] = 0.5f * (grad[i] + other[i]);
  return 0.5 * (first_loss + second_loss);
}

struct BestHead {
  double score = 0;
  int layer = 0, head = 0;
};

// The head with the highest induction score, averaged over four repeat
// probes [start, s, s] that fill `context` (as the trained model reports it).
BestHead best_induction(const Transformer<float>& model, int context) {
  const ModelShape& s = model.shape();
  std::vector<double> score(static_cast<std::size_t>(s.layers * s.heads), 0.0);
  Activations<float> activations;
  for (int p = 0; p < 4; ++p) {
    model.forward(repeat_probe(context, s.vocab, atlas::mix_seed(0x1d0c7u, static_cast<std::uint64_t>(p))), activations);
    for (int l = 0; l < s.layers; ++l)
      for (int h = 0; h < s.heads; ++h)
        score[static_cast<std::size_t>(l * s.heads + h)] +=
            induction_score(activations.layers[static_cast<std::size_t>(l)].attention[static_cast<std::size_t>(h)].cast<double>(), (context - 1) / 2) / 4;
  }
  BestHead best;
  for (int i = 0; i < s.layers * s.heads; ++i)
    if (score[static_cast<std::size_t>(i)] > best.score) best = BestHead{score[static_cast<std::size_t>(i)], i / s.heads, i % s.heads};
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: train_model <train.txt> <heldout.txt> <source> <out.atlm> [steps]\n";
    return 2;
  }
  const std::string train_text = read_file(argv[1]), heldout_text = read_file(argv[2]), source = argv[3];
  const int steps = argc > 5 ? std::stoi(argv[5]) : kSteps;
  const CharacterSet chars = CharacterSet::most_frequent(train_text, kCharacters);
  const std::vector<int> train = chars.encode(train_text).ids, heldout = chars.encode(heldout_text).ids;
  const ModelShape shape = atlas::model::recipe::shape(chars.size());
  Transformer<float> model(shape);
  model.initialize(kSeed);
  AdamW<float> opt(model.parameters().size(), optimiser());
  const std::vector<char> decay = weight_decay_mask(shape, model.offsets());
  std::vector<float> grad, half_grad;
  std::ostringstream curve, first;
  std::vector<std::string> first_batches;
  const auto repeats = text_repeat_windows(heldout, kTextRepeatPassages, kTextRepeatMin, kTextRepeatMax);
  const auto start = std::chrono::steady_clock::now();
  double running = 0;
  int running_count = 0;
  for (int step = 0; step < steps; ++step) {
    opt.settings().learning_rate = learning_rate(step, steps);
    const Phase& p = phase(step);
    const auto batch = training_windows(train, p.batch, p.mix, atlas::mix_seed(kSeed, static_cast<std::uint64_t>(step)));
    const double loss = parallel_loss_and_gradient(model, batch, grad, half_grad);
    if (!std::isfinite(loss)) throw std::runtime_error("the loss diverged at step " + std::to_string(step));
    clip_gradient_norm(grad, kClip);
    opt.step(model.parameters(), grad, decay);
    if (step < kRecordedBatches) {
      first << (step ? "," : "") << number(loss, 6);
      for (const auto& window : batch) {
        std::string text;
        for (int id : window) text += chars.symbols()[static_cast<std::size_t>(id)];
        first_batches.push_back(json_string(text));
      }
    }
    running += loss;
    ++running_count;
    if ((step + 1) % kReportEvery == 0 || step + 1 == steps) {
      const double held = held_out_loss(model, heldout, shape.context);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const BestHead full = best_induction(model, shape.context);
      const TextRepeatScores text = text_repeat_scores(model, repeats);
      const auto best_text = std::max_element(text.induction.begin(), text.induction.end());
      std::fprintf(stderr,
                   "step %5d  train %.3f  held-out %.3f  induction: random %.2f (L%dH%d), text %.2f (L%ldH%ld)  text repeat %.3f -> %.3f (x%.2f)  (%.0f s)\n",
                   step + 1, running / running_count, held, full.score, full.layer + 1, full.head + 1, *best_text,
                   (best_text - text.induction.begin()) / shape.heads + 1, (best_text - text.induction.begin()) % shape.heads + 1, text.first_loss,
                   text.second_loss, text.second_loss / text.first_loss, seconds);
      curve << (curve.tellp() > 0 ? "," : "") << "[" << step + 1 << "," << number(running / running_count) << "," << number(held) << "]";
      running = 0;
      running_count = 0;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Ship fp16, and record the loss of exactly what ships.
  for (float& p : model.parameters()) p = from_half(to_half(p));
  const double held = held_out_loss(model, heldout, shape.context);
  const TextRepeatScores text = text_repeat_scores(model, repeats);
  std::string induction;
  for (double v : text.induction) induction += (induction.empty() ? "" : ",") + number(v, 6);
  std::string batches;
  for (std::size_t i = 0; i < first_batches.size(); ++i) batches += (i ? "," : "") + first_batches[i];
  std::ostringstream meta;
  meta << "{\"corpus\":\"Jane Austen, six novels\",\"source\":" << json_string(source)
       << ",\"heldOutRule\":\"the last two chapters of Persuasion, never trained on\""
       << ",\"characters\":" << chars.size() << ",\"steps\":" << steps << ",\"seed\":" << kSeed
       << ",\"learningRate\":[" << kPeakRate << "," << kFinalRate << "],\"warmup\":" << kWarmup << ",\"curriculum\":" << curriculum_json()
       << ",\"parameters\":" << model.parameters().size() << ",\"heldOutLoss\":" << number(held, 6)
       << ",\"heldOutBitsPerChar\":" << number(held / std::log(2.0)) << ",\"textRepeats\":{\"passages\":" << kTextRepeatPassages
       << ",\"length\":[" << kTextRepeatMin << "," << kTextRepeatMax << "],\"firstLoss\":" << number(text.first_loss, 6)
       << ",\"secondLoss\":" << number(text.second_loss, 6) << ",\"induction\":[" << induction << "]}"
       << ",\"trainingSeconds\":" << number(seconds, 0)
       << ",\"lossCurve\":[" << curve.str() << "],\"firstLosses\":[" << first.str() << "],\"firstBatches\":[" << batches << "]}";
  ModelFile file{shape, chars.joined(), meta.str(), model.parameters()};
  const std::vector<std::uint8_t> bytes = write_model_file(file);
  std::ofstream(argv[4], std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  std::fprintf(stderr, "held-out %.4f nats/char (%.3f bits), %zu parameters, %.0f s -> %s\n", held, held / std::log(2.0),
               model.parameters().size(), seconds, argv[4]);
  return 0;
}
