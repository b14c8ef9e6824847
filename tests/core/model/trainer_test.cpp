// Training end to end: an induction head forms in two layers and not in one;
// save/load resumes exactly; divergence stops; bad options and bytes are named.
#include <algorithm>
#include <cmath>
#include <string>

#include "atlas/model/limits.hpp"
#include "atlas/model/trainer.hpp"
#include "helpers.hpp"

using namespace atlas::model;

namespace {

double best_induction(const Evaluation& e) {
  double best = 0;
  for (const HeadReport& h : e.heads) best = std::max(best, h.induction);
  return best;
}

// The first multiple of 25 steps at which some head's induction score >= 0.4, or -1.
int steps_to_induction(Trainer& t, int limit) {
  for (int s = 0; s <= limit; s += 25) {
    if (best_induction(t.evaluate()) >= 0.4) return s;
    t.step(25);
  }
  return -1;
}

}  // namespace

TEST_CASE("two layers form an induction head within 600 steps (seed 1) and the repeat loss falls", "[model][training]") {
  Trainer t(TrainerOptions{});
  const Evaluation before = t.evaluate();
  const int at = steps_to_induction(t, 600);
  INFO("induction score first >= 0.4 at step " << at);
  REQUIRE(at > 0);
  REQUIRE(at <= 600);
  const Evaluation after = t.evaluate();
  REQUIRE(after.loss_repeat < 0.6 * before.loss_repeat);
  // The first copy is random: no circuit can predict it.
  REQUIRE(after.loss_first > 0.8 * std::log(14.0));
}

TEST_CASE("one layer does not form an induction head in 600 steps", "[model][training]") {
  TrainerOptions o;
  o.shape.layers = 1;
  Trainer t(o);
  REQUIRE(steps_to_induction(t, 600) == -1);
  REQUIRE(best_induction(t.evaluate()) < 0.1);
}

TEST_CASE("save and load resume the same run exactly", "[model]") {
  TrainerOptions o;
  o.seed = 4;
  o.shape.mlp = true;
  Trainer a(o);
  a.step(5);
  a.ablate(0, 1, true);
  Trainer b = Trainer::load(a.save());
  REQUIRE(b.steps() == 5);
  REQUIRE(b.options().shape.mlp);
  const StepResult ra = a.step(3), rb = b.step(3);
  REQUIRE(ra.loss == rb.loss);
  REQUIRE(a.evaluate().heads[1].ablated);
  REQUIRE(b.evaluate().heads[1].ablated);
  REQUIRE(a.save() == b.save());
}

TEST_CASE("truncated, altered or foreign bytes are refused with a named reason", "[model]") {
  Trainer a(TrainerOptions{});
  const std::vector<std::uint8_t> bytes = a.save();
  std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(bytes.size() / 2));
  REQUIRE_THROWS_WITH(Trainer::load(cut), Catch::Contains("saved trainer"));
  std::vector<std::uint8_t> altered = bytes;
  altered[100] ^= 0x40;
  REQUIRE_THROWS_WITH(Trainer::load(altered), Catch::Contains("checksum"));
  REQUIRE_THROWS_WITH(Trainer::load({1, 2, 3}), Catch::Contains("too short"));
}

TEST_CASE("a learning rate of 10 stops training with a message, weights stay finite", "[model]") {
  TrainerOptions o;
  o.learning_rate = 10;
  Trainer t(o);
  const StepResult r = t.step(50);
  REQUIRE(r.stopped);
  REQUIRE(r.step < 50);
  REQUIRE(std::isfinite(r.loss));
  REQUIRE_THAT(r.message, Catch::Contains("Training stopped at step"));
  REQUIRE_THROWS_WITH(t.step(1), Catch::Contains("Create a new trainer to train again"));
  for (float p : t.model().parameters()) REQUIRE(std::isfinite(p));
  for (const HeadReport& h : t.evaluate().heads) REQUIRE(std::isfinite(h.entropy));
}

TEST_CASE("a stopped step returns both the last applied loss and the loss that stopped it", "[model]") {
  TrainerOptions o;
  o.learning_rate = 10;
  Trainer t(o);
  const StepResult r = t.step(50);
  REQUIRE(r.stopped);
  REQUIRE(r.step >= 1);
  REQUIRE(r.stopped_loss.has_value());
  const double bad = *r.stopped_loss;
  const double ceiling = 2.0 * std::log(static_cast<double>(o.shape.vocab));
  // The loss the message names: above the ceiling, or not a number at all.
  REQUIRE((!std::isfinite(bad) || bad > ceiling));
  REQUIRE(std::isfinite(r.loss));
  REQUIRE(r.loss <= ceiling);
  REQUIRE_THAT(r.message, Catch::Contains("at step " + std::to_string(r.step)));
  if (std::isfinite(bad)) {
    const std::size_t at = r.message.find("rose to ");
    REQUIRE(at != std::string::npos);
    REQUIRE_THAT(std::stod(r.message.substr(at + 8)), Catch::WithinAbs(bad, 1e-3));
  }

  // The same run, step by step: `loss` is the last step applied, `stopped_loss` the next batch's.
  Trainer again(o);
  const StepResult good = again.step(static_cast<int>(r.step));
  REQUIRE_FALSE(good.stopped);
  REQUIRE_FALSE(good.stopped_loss.has_value());
  REQUIRE(good.loss == r.loss);
  const StepResult next = again.step(1);
  REQUIRE(next.stopped);
  REQUIRE(next.step == r.step);
  REQUIRE(next.loss == r.loss);
  REQUIRE(next.stopped_loss.has_value());
  if (std::isfinite(bad)) REQUIRE(*next.stopped_loss == bad);
  else REQUIRE_FALSE(std::isfinite(*next.stopped_loss));
}

TEST_CASE("bad trainer options are named", "[model]") {
  auto with = [](auto change) {
    TrainerOptions o;
    change(o);
    return o;
  };
  REQUIRE_THROWS_WITH(Trainer(with([](TrainerOptions& o) { o.task = "sort"; })), Catch::Contains("task"));
  REQUIRE_THROWS_WITH(Trainer(with([](TrainerOptions& o) { o.shape.layers = 0; })), Catch::Contains("layers"));
  REQUIRE_THROWS_WITH(Trainer(with([](TrainerOptions& o) { o.learning_rate = std::nan(""); })), Catch::Contains("learningRate"));
  REQUIRE_THROWS_WITH(Trainer(with([](TrainerOptions& o) { o.learning_rate = 0; })), Catch::Contains("learningRate"));
  REQUIRE_THROWS_WITH(Trainer(with([](TrainerOptions& o) { o.shape.heads = 3; })), Catch::Contains("heads must divide dModel"));
  REQUIRE_THROWS_WITH(Trainer(with([](TrainerOptions& o) { o.shape.context = 65; })), Catch::Contains("context"));
  REQUIRE_THROWS_WITH(Trainer(with([](TrainerOptions& o) { o.batch = 0; })), Catch::Contains("batch"));
  Trainer t(TrainerOptions{});
  REQUIRE_THROWS_WITH(t.set_learning_rate(-1), Catch::Contains("learningRate"));
  REQUIRE_THROWS_WITH(t.step(0), Catch::Contains("steps must be 1 to 10000"));
}

// validate(o) accepts each option at both ends of its range in limits.hpp and refuses one
// step past either end with an ArgumentError whose field is the option's JS name.
TEST_CASE("each trainer option's range is limits.hpp's, and a refusal names the option as its field", "[model]") {
  auto field_of = [](const TrainerOptions& o) -> std::string {
    try {
      validate(o);
    } catch (const atlas::ArgumentError& e) {
      return e.field();
    }
    return "";
  };
  struct IntOption {
    const char* name;
    IntRange range;
    int& (*at)(TrainerOptions&);
  };
  const IntOption ints[] = {
      {"layers", kLayers, [](TrainerOptions& o) -> int& { return o.shape.layers; }},
      {"dModel", kDModel, [](TrainerOptions& o) -> int& { return o.shape.d_model; }},
      {"context", kContext, [](TrainerOptions& o) -> int& { return o.shape.context; }},
      {"vocab", kVocab, [](TrainerOptions& o) -> int& { return o.shape.vocab; }},
      {"batch", kBatch, [](TrainerOptions& o) -> int& { return o.batch; }},
  };
  for (const IntOption& option : ints) {
    INFO(option.name);
    for (int v : {option.range.min, option.range.max}) {
      TrainerOptions o;
      option.at(o) = v;
      if (std::string(option.name) == "dModel") o.shape.heads = 1;  // divides every d_model
      REQUIRE(field_of(o).empty());
    }
    for (int v : {option.range.min - 1, option.range.max + 1}) {
      TrainerOptions o;
      option.at(o) = v;
      if (std::string(option.name) == "dModel") o.shape.heads = 1;
      REQUIRE(field_of(o) == option.name);
    }
  }
  TrainerOptions heads;
  heads.shape.heads = kHeads.max + 1;
  REQUIRE(field_of(heads) == "heads");
  TrainerOptions divides;
  divides.shape.heads = 3;
  REQUIRE(field_of(divides) == "heads");
  TrainerOptions rate;
  rate.learning_rate = kLearningRate.max;
  REQUIRE(field_of(rate).empty());
  rate.learning_rate = kLearningRate.min;  // exclusive
  REQUIRE(field_of(rate) == "learningRate");
  TrainerOptions decay;
  decay.weight_decay = kWeightDecay.min;  // inclusive
  REQUIRE(field_of(decay).empty());
  decay.weight_decay = kWeightDecay.max * 1.5;
  REQUIRE(field_of(decay) == "weightDecay");
  TrainerOptions clip;
  clip.clip = kClip.max * 2;
  REQUIRE(field_of(clip) == "clip");
  TrainerOptions task;
  task.task = "sort";
  REQUIRE(field_of(task) == "task");
  Trainer t(TrainerOptions{});
  REQUIRE_THROWS_AS(t.step(kStepsPerCall.max + 1), atlas::ArgumentError);
}

TEST_CASE("the ablation study agrees with evaluate() under the same switches, and finds seed 1's backup pair", "[model][training]") {
  Trainer t(TrainerOptions{});
  t.step(800);
  const AblationStudy study = ablation_study(t);
  const int heads = 4;
  REQUIRE(study.step == 800);
  REQUIRE(study.singles.size() == heads);
  REQUIRE(study.pairs.size() == heads * (heads - 1) / 2);
  REQUIRE(study.loss_repeat == Approx(t.evaluate().loss_repeat).margin(1e-12));
  // Each entry is the loss evaluate() reports with exactly those heads switched off.
  auto evaluated_without = [&t](const std::vector<int>& off) {
    for (int k : off) t.ablate(k / 2, k % 2, true);
    const double loss = t.evaluate().loss_repeat;
    for (int k : off) t.ablate(k / 2, k % 2, false);
    return loss;
  };
  for (const HeadsOff& e : study.singles) {
    REQUIRE(e.loss_repeat == Approx(evaluated_without(e.heads)).margin(1e-12));
    REQUIRE(e.rise == Approx(e.loss_repeat - study.loss_repeat).margin(1e-12));
    REQUIRE_FALSE(e.backup);
  }
  for (const HeadsOff& e : study.pairs) {
    REQUIRE(e.heads.size() == 2);
    REQUIRE(e.loss_repeat == Approx(evaluated_without(e.heads)).margin(1e-12));
    const double alone = std::max(0.0, study.singles[e.heads[0]].rise) + std::max(0.0, study.singles[e.heads[1]].rise);
    REQUIRE(e.backup == (e.rise >= kBackupRise && e.rise > 2 * alone));
  }
  // The trainer's own switches are left as they were.
  for (const HeadReport& h : t.evaluate().heads) REQUIRE_FALSE(h.ablated);
  // Seed 1: both layer-2 heads (2 and 3) become induction heads and back each other up.
  const HeadsOff& layer2 = study.pairs.back();
  REQUIRE(layer2.heads == std::vector<int>{2, 3});
  INFO("layer-2 pair rise " << layer2.rise << ", alone " << study.singles[2].rise << " and " << study.singles[3].rise);
  REQUIRE(layer2.backup);
}
