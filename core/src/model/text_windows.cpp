#include "atlas/model/text_windows.hpp"

#include <algorithm>
#include <stdexcept>

#include "atlas/attention/random.hpp"
#include "atlas/model/tasks.hpp"

namespace atlas::model {

std::vector<std::vector<int>> training_windows(const std::vector<int>& ids, int batch, const WindowMix& mix, std::uint64_t seed) {
  const int context = mix.context;
  if (static_cast<int>(ids.size()) <= context) throw std::invalid_argument("the training text is shorter than one window");
  if (mix.repeat_min < 1 || mix.repeat_max < mix.repeat_min || 2 * mix.repeat_max > context)
    throw std::invalid_argument("the repeated string must be 1 to context / 2 characters long");
  if (mix.copy_share > 0 && (mix.copy_min < 1 || mix.copy_max < mix.copy_min || 2 * mix.copy_max > context))
    throw std::invalid_argument("the copied span must be 1 to context / 2 characters long");
  if (mix.alphabet < mix.repeat_max) throw std::invalid_argument("the repeated string needs an alphabet of at least repeat_max characters");
  Rng rng(seed);
  auto below = [&rng](std::size_t n) { return static_cast<std::size_t>(rng.next_u64() % n); };
  std::vector<std::vector<int>> out;
  for (int b = 0; b < batch; ++b) {
    const std::size_t at = below(ids.size() - static_cast<std::size_t>(context));
    std::vector<int> window(ids.begin() + static_cast<std::ptrdiff_t>(at), ids.begin() + static_cast<std::ptrdiff_t>(at) + context);
    const double draw = rng.uniform();
    if (draw < mix.copy_share) {
      const int span = mix.copy_min + static_cast<int>(below(static_cast<std::size_t>(mix.copy_max - mix.copy_min + 1)));
      const int from = static_cast<int>(below(static_cast<std::size_t>(context - 2 * span + 1)));
      const int to = from + span + static_cast<int>(below(static_cast<std::size_t>(context - 2 * span - from + 1)));
      std::copy(window.begin() + from, window.begin() + from + span, window.begin() + to);
    } else if (draw >= mix.copy_share && draw < mix.copy_share + mix.repeat_share) {
      const int length = mix.repeat_min + static_cast<int>(below(static_cast<std::size_t>(mix.repeat_max - mix.repeat_min + 1)));
      const int from = static_cast<int>(below(static_cast<std::size_t>(context - 2 * length + 1)));
      const std::vector<int> s = distinct_symbols(rng, length, 1, mix.alphabet);
      std::copy(s.begin(), s.end(), window.begin() + from);
      std::copy(s.begin(), s.end(), window.begin() + from + length);
    }
    out.push_back(std::move(window));
  }
  return out;
}

double held_out_loss(const Transformer<float>& model, const std::vector<int>& ids, int context) {
  std::vector<std::vector<int>> windows;
  for (std::size_t at = 0; at + 1 < ids.size(); at += static_cast<std::size_t>(context)) {
    const std::size_t end = std::min(ids.size(), at + static_cast<std::size_t>(context));
    windows.emplace_back(ids.begin() + static_cast<std::ptrdiff_t>(at), ids.begin() + static_cast<std::ptrdiff_t>(end));
  }
  if (windows.back().size() < 2) windows.pop_back();
  return model.loss_and_gradient(windows, nullptr);
}

}  // namespace atlas::model
