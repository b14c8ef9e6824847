// The training recipe of the shipped Austen model (`make model`,
// tools/model/train_model.cpp), shared with the test that re-runs its first
// steps (tests/core/model/austen_model_test.cpp) to show that the committed
// weights come from it.
#pragma once

#include <cmath>
#include <cstdint>

#include "atlas/model/adamw.hpp"
#include "atlas/model/transformer.hpp"

namespace atlas::model::recipe {

inline constexpr std::uint64_t kSeed = 1;
inline constexpr int kCharacters = 81;  // 80 known + the unknown symbol
inline constexpr int kBatch = 16, kWarmup = 200, kSteps = 3000;
inline constexpr double kPeakRate = 3e-3, kFinalRate = 3e-4, kClip = 1.0;

inline ModelShape shape(int vocab) { return ModelShape{3, 4, 64, 128, vocab, true}; }

inline AdamWSettings optimiser() { return AdamWSettings{kPeakRate, 0.9, 0.98, 1e-8, 0.01}; }

// Linear warm-up to the peak, then cosine decay to the final rate.
inline double learning_rate(int step, int steps) {
  if (step < kWarmup) return kPeakRate * (step + 1) / kWarmup;
  const double progress = static_cast<double>(step - kWarmup) / (steps - kWarmup > 0 ? steps - kWarmup : 1);
  return kFinalRate + 0.5 * (kPeakRate - kFinalRate) * (1 + std::cos(3.14159265358979323846 * progress));
}

}  // namespace atlas::model::recipe
