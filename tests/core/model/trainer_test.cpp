// Training end to end: an induction head forms in two layers and not in one;
// save/load resumes exactly; divergence stops; bad options and bytes are named.
#include <algorithm>
#include <cmath>

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
