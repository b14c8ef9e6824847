// Induction on natural text: does a model copy a passage of real text that it
// has already seen in its window? The repeat probes of tasks.hpp use random
// characters, which a model can predict the second time only by copying; a
// repeat of text is partly predictable without copying, so a model can score
// high on random probes and still ignore a repeated sentence (the shipped
// model of the previous round did: 0.9 on random probes, < 0.1 on text).
//
//   text_repeat_windows(ids, count, min_length, max_length)
//       -> `count` windows [before, s, s]: s is a passage of the text of
//          min_length..max_length ids (lengths cycle through the range),
//          the passages start evenly spread over the text and `before` is
//          the id just before s. The same [start, s, s] layout as the random
//          probes, so induction_score (head_scores.hpp) applies unchanged.
//   text_repeat_scores(model, windows) -> over all windows:
//       first_loss    mean next-id loss (nats) predicting s[1..L-1] in the
//                     first copy (from `before` and the copy's own prefix)
//       second_loss   the same L - 1 targets in the second copy
//       induction     per head (layer-major) the mean induction_score
// Both losses leave out each copy's first id: s[0] after `before` and s[0]
// after the first copy are boundaries, not part of either copy's text.
// Throws std::invalid_argument unless 2 <= min_length <= max_length, count
// >= 1, 1 + 2 max_length <= the model's context (for scores) and the text
// holds 1 + max_length ids past each start (for windows).
#pragma once

#include <vector>

#include "atlas/model/transformer.hpp"

namespace atlas::model {

struct TextRepeatScores {
  double first_loss = 0, second_loss = 0;
  std::vector<double> induction;  // layers * heads, layer-major
};

std::vector<std::vector<int>> text_repeat_windows(const std::vector<int>& ids, int count, int min_length, int max_length);

TextRepeatScores text_repeat_scores(const Transformer<float>& model, const std::vector<std::vector<int>>& windows);

}  // namespace atlas::model
