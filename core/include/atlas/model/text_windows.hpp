// Windows of a long encoded text, for training and evaluating the character
// model of `make model` (tools/model/train_model.cpp).
//
// training_windows(ids, batch, mix, seed) -> batch windows of
// mix.context ids at offsets drawn from the seed. Each window draws once:
//   with probability mix.copy_share   a span of copy_min..copy_max ids of
//                                     its own text is copied over a later
//                                     place in it (a natural repeat: the
//                                     passage, then the same passage again);
//   with probability mix.repeat_share a string of repeat_min..repeat_max
//                                     distinct characters drawn from the
//                                     mix.alphabet most frequent (ids
//                                     1..alphabet) is written twice in a row
//                                     at a random place, over the text;
//   otherwise it is plain text.
// Why the random repeats: a repeat of text is partly predictable from n-gram
// statistics, so copying from the earlier occurrence pays less, and no
// induction head formed with text copies alone (spans of 8-56 in 10-75% of
// windows, 3000 steps). A random string is predictable the second time only
// by copying. The recipe (recipe.hpp) says how they are mixed, and
// tools/model/RUNS.md what each mix gave.
// held_out_loss(model, ids, context) -> mean next-character loss (nats) over
// consecutive non-overlapping windows of `context` ids (the last, shorter one
// included when it has two or more): every character but each window's first
// is predicted once, from the earlier characters of its window.
#pragma once

#include <cstdint>
#include <vector>

#include "atlas/model/transformer.hpp"

namespace atlas::model {

struct WindowMix {
  int context;                  // ids per window
  double copy_share;            // windows with a span of their text copied later
  int copy_min, copy_max;       // that span's length, 1 <= min <= max <= context / 2
  double repeat_share;          // windows with a random string written twice in a row
  int repeat_min, repeat_max;   // that string's length, 1 <= min <= max <= context / 2
  int alphabet;                 // its characters: ids 1..alphabet, alphabet >= repeat_max
};

std::vector<std::vector<int>> training_windows(const std::vector<int>& ids, int batch, const WindowMix& mix, std::uint64_t seed);

double held_out_loss(const Transformer<float>& model, const std::vector<int>& ids, int context);

}  // namespace atlas::model
