#include "atlas/model/text_repeats.hpp"

#include <stdexcept>
#include <string>

#include "atlas/model/head_scores.hpp"

namespace atlas::model {

std::vector<std::vector<int>> text_repeat_windows(const std::vector<int>& ids, int count, int min_length, int max_length) {
  if (count < 1 || min_length < 2 || max_length < min_length)
    throw std::invalid_argument("text repeats need count >= 1 and 2 <= min_length <= max_length");
  const auto n = static_cast<std::int64_t>(ids.size());
  const std::int64_t room = n - 1 - max_length;  // the last start that leaves a whole passage
  if (room < 0) throw std::invalid_argument("the text is shorter than one passage of " + std::to_string(max_length + 1) + " ids");
  const int span = max_length - min_length + 1;
  std::vector<std::vector<int>> out;
  for (int p = 0; p < count; ++p) {
    // evenly spread starts; lengths stepping through the range by 7 (coprime
    // to most spans) so that neighbouring passages differ in length
    const std::int64_t start = 1 + (count > 1 ? room * p / (count - 1) : 0);
    const int length = min_length + (7 * p) % span;
    std::vector<int> window{ids[static_cast<std::size_t>(start - 1)]};
    for (int copy = 0; copy < 2; ++copy)
      window.insert(window.end(), ids.begin() + start, ids.begin() + start + length);
    out.push_back(std::move(window));
  }
  return out;
}

TextRepeatScores text_repeat_scores(const Transformer<float>& model, const std::vector<std::vector<int>>& windows) {
  if (windows.empty()) throw std::invalid_argument("text_repeat_scores needs at least one window");
  const ModelShape& s = model.shape();
  TextRepeatScores out;
  out.induction.assign(static_cast<std::size_t>(s.layers * s.heads), 0.0);
  Activations<float> activations;
  double first = 0, second = 0;
  std::size_t targets = 0;
  for (const auto& w : windows) {
    const int L = (static_cast<int>(w.size()) - 1) / 2;
    if (L < 2 || static_cast<int>(w.size()) != 1 + 2 * L || static_cast<int>(w.size()) > s.context)
      throw std::invalid_argument("a text repeat window is [before, s, s] with 2 <= |s| and 1 + 2 |s| <= the context");
    model.forward(w, activations);
    const std::vector<double> losses = model.position_losses(activations);  // losses[t]: predicting w[t + 1]
    // s[k] of the first copy is w[1 + k], of the second w[1 + L + k]; k = 1..L-1
    for (int k = 1; k < L; ++k) {
      first += losses[static_cast<std::size_t>(k)];
      second += losses[static_cast<std::size_t>(L + k)];
    }
    targets += static_cast<std::size_t>(L - 1);
    for (int l = 0; l < s.layers; ++l)
      for (int h = 0; h < s.heads; ++h)
        out.induction[static_cast<std::size_t>(l * s.heads + h)] +=
            induction_score(activations.layers[static_cast<std::size_t>(l)].attention[static_cast<std::size_t>(h)].cast<double>(), L);
  }
  out.first_loss = first / static_cast<double>(targets);
  out.second_loss = second / static_cast<double>(targets);
  for (double& v : out.induction) v /= static_cast<double>(windows.size());
  return out;
}

}  // namespace atlas::model
