#include "atlas/model/tasks.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "atlas/attention/check.hpp"
#include "atlas/attention/random.hpp"

namespace atlas::model {
namespace {

constexpr std::uint64_t kProbeStream = 0x9e0be5u;

int below(Rng& rng, int n) { return static_cast<int>(rng.next_u64() % static_cast<std::uint64_t>(n)); }

int symbol(Rng& rng, int vocab) { return 2 + below(rng, vocab - 2); }

std::vector<int> segment(Rng& rng, int length, int vocab) { return distinct_symbols(rng, length, 2, vocab - 2); }

}  // namespace

std::vector<int> distinct_symbols(Rng& rng, int length, int first, int count) {
  std::vector<int> pool(static_cast<std::size_t>(count));
  std::iota(pool.begin(), pool.end(), first);
  std::vector<int> out;
  for (int i = 0; i < length; ++i) {
    const int k = i % count;
    std::swap(pool[static_cast<std::size_t>(k)], pool[static_cast<std::size_t>(k + below(rng, count - k))]);
    out.push_back(pool[static_cast<std::size_t>(k)]);
  }
  return out;
}

Task parse_task(const std::string& name) {
  if (name == "induction") return Task::induction;
  if (name == "reverse") return Task::reverse;
  throw ArgumentError("task", "task must be 'induction' or 'reverse'; got '" + name + "'");
}

Example make_example(Task task, int context, int vocab, std::uint64_t seed) {
  Rng rng(seed);
  Example ex;
  ex.tokens.push_back(kStartToken);
  ex.region.push_back(0);
  auto push = [&ex](int token, char region) {
    ex.tokens.push_back(token);
    ex.region.push_back(region);
  };
  if (task == Task::induction) {
    const int lo = std::max(2, context / 4), hi = (context - 1) / 2;
    const int L = lo + below(rng, hi - lo + 1);
    const int prefix = below(rng, context - 1 - 2 * L + 1);
    for (int i = 0; i < prefix; ++i) push(symbol(rng, vocab), 0);
    const std::vector<int> s = segment(rng, L, vocab);
    for (int t : s) push(t, 1);
    for (int i = 0; i < L; ++i) push(s[static_cast<std::size_t>(i)], i == 0 ? 0 : 2);
  } else {
    const int L = 2 + below(rng, (context - 2) / 2 - 1);
    const std::vector<int> s = segment(rng, L, vocab);
    for (int t : s) push(t, 1);
    push(kSeparatorToken, 0);
    for (int i = L - 1; i >= 0; --i) push(s[static_cast<std::size_t>(i)], 2);
  }
  while (static_cast<int>(ex.tokens.size()) < context) push(symbol(rng, vocab), 0);
  // region[t] describes the target tokens[t]; the model predicts it at t - 1,
  // which position_losses reports at index t - 1.
  return ex;
}

std::vector<Example> make_batch(Task task, int count, int context, int vocab, std::uint64_t seed) {
  std::vector<Example> out;
  for (int b = 0; b < count; ++b) out.push_back(make_example(task, context, vocab, mix_seed(seed, static_cast<std::uint64_t>(b))));
  return out;
}

std::vector<Example> probe_batch(Task task, int count, int context, int vocab) {
  return make_batch(task, count, context, vocab, mix_seed(kProbeStream, static_cast<std::uint64_t>(task)));
}

std::vector<int> repeat_probe(int context, int vocab, std::uint64_t seed) {
  Rng rng(seed);
  const int L = (context - 1) / 2;
  const std::vector<int> s = segment(rng, L, vocab);
  std::vector<int> out{kStartToken};
  out.insert(out.end(), s.begin(), s.end());
  out.insert(out.end(), s.begin(), s.end());
  return out;
}

}  // namespace atlas::model
