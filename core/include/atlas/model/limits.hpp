// The ranges of the model's shape and of the in-page trainer's options, checked
// by validate(ModelShape) (transformer.hpp) and validate(TrainerOptions)
// (trainer.hpp), and exported to JS with the attention limits
// (wasm/api_limits.cpp): the facade and the page read them from there.
#pragma once

#include <string>

#include "atlas/attention/check.hpp"

namespace atlas::model {

struct IntRange {
  int min, max;
};
// min is exclusive where the option says so (learningRate, clip: greater than 0).
struct Range {
  double min, max;
};

// Any model this core runs (the shipped one too).
inline constexpr IntRange kLayers{1, 8};
inline constexpr IntRange kHeads{1, 16};  // and heads divides dModel
inline constexpr IntRange kDModel{2, 256};
inline constexpr IntRange kShapeContext{2, 256};
inline constexpr IntRange kShapeVocab{2, 256};

// What the trainer of section 13 trains in a tab.
inline constexpr IntRange kContext{8, 64};
inline constexpr IntRange kVocab{4, 64};
inline constexpr IntRange kBatch{1, 64};
inline constexpr IntRange kStepsPerCall{1, 10000};
inline constexpr Range kLearningRate{0, 10};  // 0 < learningRate <= 10
inline constexpr Range kWeightDecay{0, 1};
inline constexpr Range kClip{0, 1000};        // 0 < clip <= 1000

// Throws ArgumentError(name): "<name> must be <min> to <max>; got <value>".
inline void require_option(int value, IntRange range, const char* name) {
  if (value < range.min || value > range.max) {
    throw ArgumentError(name, std::string(name) + " must be " + std::to_string(range.min) + " to " +
                                  std::to_string(range.max) + "; got " + std::to_string(value));
  }
}

}  // namespace atlas::model
