// Windows of a long encoded text, for training and evaluating the character
// model of `make model` (tools/model/train_model.cpp).
//
// training_windows(ids, batch, context, seed) -> batch windows of `context`
// ids at offsets drawn from the seed. In a share kCopyShare of the windows a
// span of 8..24 ids from the first half is copied over a later place in the
// same window, so that copying from earlier context sometimes pays off.
// What it did not do: no induction head formed in 3000 steps (best induction
// score 0.02 on repeat probes). Also tried, same model and step budget, and not
// shipped: copy spans of 16..56 in 50-75% of windows; a repeated string of
// random characters in 50-80% of windows (also with d_model 48). None formed
// an induction head by 2000 steps, while the same code forms one in 450-950
// steps on the trainer's synthetic task at context 24 (tasks.hpp): with 128
// keys a head's first attention on the right key is ~1/128, and text is
// predictable enough by n-grams that copying pays little.
// held_out_loss(model, ids, context) -> mean next-character loss (nats) over
// consecutive non-overlapping windows of `context` ids (the last, shorter one
// included when it has two or more): every character but each window's first
// is predicted once, from the earlier characters of its window.
#pragma once

#include <cstdint>
#include <vector>

#include "atlas/model/transformer.hpp"

namespace atlas::model {

inline constexpr double kCopyShare = 0.1;

std::vector<std::vector<int>> training_windows(const std::vector<int>& ids, int batch, int context, std::uint64_t seed);

double held_out_loss(const Transformer<float>& model, const std::vector<int>& ids, int context);

}  // namespace atlas::model
