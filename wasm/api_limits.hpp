// The core's limits, ranges and defaults as one JS object (raw.limits()), so the
// facade (wasm/js/) checks its arguments against the core's own numbers and
// fills in the trainer's defaults from the core (core.limits, core.trainerDefaults).
// Header-only constants: the lean engine exports them too, without core/model.
#pragma once

#include "adapters.hpp"

namespace atlas::wasm {

// -> { maxSequence, maxModel, maxWords, maxSeries, maxStack, maxSeed, maxPositional,
//      maxAlibiHeads, maxSlopeScale, maxNoise, width, concentration, temperature: {min, max},
//      shape: { layers, heads, dModel, context, vocab: {min, max} },
//      trainer: { context, vocab, batch, steps, learningRate, weightDecay, clip: {min, max} },
//      trainerDefaults: { task, seed, layers, heads, dModel, context, vocab, batch,
//                         learningRate, weightDecay, clip, mlp },
//      sentenceDefaults: { dModel, seed } (the sentence pipeline's, SelfAttentionOptions),
//      patternDefaults: { window, stride, globals } (PatternOptions),
//      alibiDefaults: { heads, slopeScale, causal } (AlibiOptions) }
val limits_js();

}  // namespace atlas::wasm
