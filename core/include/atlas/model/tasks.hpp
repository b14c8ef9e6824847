// The synthetic tasks the in-page trainer learns, and their fixed probes.
//
// Tokens: 0 = start (BOS), 1 = separator, 2..vocab-1 = symbols.
//   "induction"  [start, prefix, s, s, tail]: a segment s of L symbols appears
//                twice in a row, with L and the prefix length drawn per example
//                (L in [context/4, (context-1)/2]), so no fixed position or
//                offset solves it; prefix and tail are random symbols. Inside
//                the second copy the next token is predictable only by finding
//                the current token's earlier occurrence and copying what came
//                after it: what an induction head does (Olsson et al. 2022).
//   "reverse"    [start, s, separator, reverse(s), tail]: after the separator
//                the model must emit s backwards, reading a key whose distance
//                grows with every step; no previous-token/induction circuit helps.
// Symbols inside s are distinct (when the vocabulary allows), so "the earlier
// occurrence of a token" is unique.
// Each position carries a region for the target it predicts: 1 = the first
// copy (s; unpredictable in "induction"), 2 = the predictable repeat (the
// second copy after its first token; the reversed copy), 0 = anything else.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/attention/random.hpp"

namespace atlas::model {

enum class Task { induction, reverse };

inline constexpr int kStartToken = 0;
inline constexpr int kSeparatorToken = 1;

// Throws std::invalid_argument unless name is "induction" or "reverse".
Task parse_task(const std::string& name);

struct Example {
  std::vector<int> tokens;   // context tokens
  std::vector<char> region;  // region[t] of the target tokens[t], see above
};

// One example drawn from `seed` (context >= 8, vocab >= 4: checked by the trainer).
Example make_example(Task task, int context, int vocab, std::uint64_t seed);

// `count` examples: example b drawn from mix_seed(seed, b).
std::vector<Example> make_batch(Task task, int count, int context, int vocab, std::uint64_t seed);

// The fixed evaluation batch of a task: the same for every trainer seed, so
// figures of two runs are comparable.
std::vector<Example> probe_batch(Task task, int count, int context, int vocab);

// `length` ids from first..first+count-1 (count >= 1), distinct while
// length <= count: a partial Fisher-Yates shuffle, restarted when they run out.
std::vector<int> distinct_symbols(Rng& rng, int length, int first, int count);

// [start, s, s] with s of length (context - 1) / 2 distinct symbols where the
// vocabulary allows: the probe on which induction scores are measured
// (head_scores.hpp), whatever the task.
std::vector<int> repeat_probe(int context, int vocab, std::uint64_t seed);

}  // namespace atlas::model
