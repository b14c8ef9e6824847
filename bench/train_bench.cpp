// Native side of `make bench`'s training rows (bench/train.mjs): trains the
// default in-page model (atlas::model::Trainer, TrainerOptions' defaults) for
// seeds given on the command line and prints JSON
//   {"stepsPerSecond": s, "passed": {"1": step or null, ...}}
// stepsPerSecond: timed over the first 300 steps of seed 1 (evaluations
// excluded); passed: the first multiple of 25 steps at which some head's
// induction score reaches 0.4 (as the page checks it), within 1000 steps.
// Not a test: no assertions.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

#include "atlas/model/trainer.hpp"

namespace {

double steps_per_second() {
  atlas::model::Trainer trainer(atlas::model::TrainerOptions{});
  trainer.step(5);  // warm up caches and the allocator
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  trainer.step(300);
  return 300.0 / std::chrono::duration<double>(clock::now() - start).count();
}

std::string first_pass(std::uint64_t seed) {
  atlas::model::TrainerOptions options;
  options.seed = seed;
  atlas::model::Trainer trainer(options);
  while (trainer.steps() < 1000) {
    if (trainer.step(25).stopped) return "null";
    for (const auto& h : trainer.evaluate().heads) {
      if (h.induction >= 0.4) return std::to_string(trainer.steps());
    }
  }
  return "null";
}

}  // namespace

int main(int argc, char** argv) {
  std::cout << "{\"stepsPerSecond\": " << steps_per_second() << ", \"passed\": {";
  for (int a = 1; a < argc; ++a) {
    const auto seed = static_cast<std::uint64_t>(std::strtoull(argv[a], nullptr, 10));
    std::cout << (a > 1 ? ", " : "") << "\"" << seed << "\": " << first_pass(seed);
  }
  std::cout << "}}\n";
  return 0;
}
