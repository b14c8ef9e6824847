// The training recipe of the shipped Austen model (`make model`,
// tools/model/train_model.cpp), shared with the test that re-runs its first
// steps (tests/core/model/austen_model_test.cpp) to show that the committed
// weights come from it.
#pragma once

#include <cmath>
#include <cstdint>
#include <iterator>

#include "atlas/model/adamw.hpp"
#include "atlas/model/text_windows.hpp"
#include "atlas/model/transformer.hpp"

namespace atlas::model::recipe {

inline constexpr std::uint64_t kSeed = 1;
inline constexpr int kCharacters = 81;  // 80 known + the unknown symbol
inline constexpr int kWarmup = 200;
inline constexpr double kPeakRate = 3e-3, kFinalRate = 3e-4, kClip = 1.0;

inline ModelShape shape(int vocab) { return ModelShape{3, 4, 64, 128, vocab, true}; }

// A curriculum (phase(step) says which batch and window mix a step trains
// on; tools/model/RUNS.md has every recipe tried and what it gave). Why:
// with text alone, or with text copies or random repeats in full windows of
// 128, no induction head formed in 3000 steps (best score 0.02). At context
// 32 with strings of distinct random characters repeated in 90% of windows,
// the model learned to copy over the 16 most frequent characters within 1500
// steps but not over all 80 (jumping from 16 to 80 lost it: the query-key
// match is learned per character, and over 80 each is rarely seen). So:
//   1. short windows, 90% with a string of 8-15 distinct random characters
//      written twice in a row, the alphabet widening from the 16 most
//      frequent characters to 32, 48 and all 80: an induction head forms
//      while few keys compete for its attention, then learns every character
//      (its score on 32-character probes of all 80: 0.06, 0.27, 0.69, ...);
//   2. a long phase of full windows of text, in batches of 32: 40% with a
//      passage of 24-60 characters of the window's own text copied later in
//      it (a natural repeat, which pays to copy only by matching a prefix of
//      several characters: a character alone recurs everywhere in text), and
//      10% with a random string of 16-63 characters written twice, so that
//      copying random strings is not forgotten. The head stretches over the
//      whole context, learns to copy text, and the model learns the text
//      (positions beyond 32 train only now). With 10% of short copies (8-24)
//      and 1500 steps of 16 instead, the heads copied random strings but not
//      text (run R1 of tools/model/RUNS.md).
// Strings are of distinct characters so that the earlier occurrence of a
// character is unique, as in the in-page trainer's task (tasks.hpp).
struct Phase {
  int steps;
  int batch;  // windows per step, even (two threads take half each)
  WindowMix mix;
};
inline constexpr Phase kCurriculum[] = {
    {1500, 16, WindowMix{32, 0.0, 8, 24, 0.9, 8, 15, 16}},
    {750, 16, WindowMix{32, 0.0, 8, 24, 0.9, 8, 15, 32}},
    {750, 16, WindowMix{32, 0.0, 8, 24, 0.9, 8, 15, 48}},
    {750, 16, WindowMix{32, 0.0, 8, 24, 0.9, 8, 15, kCharacters - 1}},
    {5000, 32, WindowMix{128, 0.4, 24, 60, 0.1, 16, 63, kCharacters - 1}},
};

constexpr int total_steps() {
  int n = 0;
  for (const Phase& p : kCurriculum) n += p.steps;
  return n;
}
inline constexpr int kSteps = total_steps();

// The phase a step trains in (steps past the curriculum stay in its last).
inline const Phase& phase(int step) {
  for (const Phase& p : kCurriculum) {
    if (step < p.steps) return p;
    step -= p.steps;
  }
  return std::end(kCurriculum)[-1];
}

// The text repeats the model is judged on (text_repeats.hpp): passages of
// the held-out text, 32 to 60 characters, each written twice in one window.
inline constexpr int kTextRepeatPassages = 64, kTextRepeatMin = 32, kTextRepeatMax = 60;

inline AdamWSettings optimiser() { return AdamWSettings{kPeakRate, 0.9, 0.98, 1e-8, 0.01}; }

// Linear warm-up to the peak, then cosine decay to the final rate.
inline double learning_rate(int step, int steps) {
  if (step < kWarmup) return kPeakRate * (step + 1) / kWarmup;
  const double progress = static_cast<double>(step - kWarmup) / (steps - kWarmup > 0 ? steps - kWarmup : 1);
  return kFinalRate + 0.5 * (kPeakRate - kFinalRate) * (1 + std::cos(3.14159265358979323846 * progress));
}

}  // namespace atlas::model::recipe
