// Windows of a long encoded text, for training and evaluating the character
// model of `make model` (tools/model/train_model.cpp).
//
// training_windows(ids, batch, context, seed) -> batch windows of `context`
// ids at offsets drawn from the seed. In a share kCopyShare of the windows a
// span of 16..40 ids from the first half is copied over a later place in the
// same window: natural text repeats names and phrases, and this makes exact
// repeats frequent enough for a small model's heads to learn to copy them
// (with 10% of windows and spans of 8..24, 3000 steps formed no induction
// head: the best score on a repeated sentence was 0.04).
// held_out_loss(model, ids, context) -> mean next-character loss (nats) over
// consecutive non-overlapping windows of `context` ids (the last, shorter one
// included when it has two or more): every character but each window's first
// is predicted once, from the earlier characters of its window.
#pragma once

#include <cstdint>
#include <vector>

#include "atlas/model/transformer.hpp"

namespace atlas::model {

inline constexpr double kCopyShare = 0.5;

std::vector<std::vector<int>> training_windows(const std::vector<int>& ids, int batch, int context, std::uint64_t seed);

double held_out_loss(const Transformer<float>& model, const std::vector<int>& ids, int context);

}  // namespace atlas::model
