// A gallery of fixed attention patterns with the cost of each: how many of the
// n^2 query-key scores a pattern actually needs.
//
// pattern_set(names, n, options) -> one entry per name, in the given order:
//   weights  (n x n)  pattern(name, n, options), every row sums to 1
//   mask     (n x n)  1 where the pattern skips the score (weight 0), 0 where it
//                     computes it: the convention of attention()'s mask, so a
//                     model can apply the same pattern to its learned scores
//   computed          number of entries > 0: the scores an implementation that
//                     skips the pattern's zeros would compute
//   total             n * n, the scores of full attention
//   fraction          computed / total, in (0, 1]
// Why count the weights and not a separate mask: a pattern's zeros are exact
// (patterns.hpp), so "non-zero" and "allowed" are the same set, and the count
// cannot drift from the picture. A dense pattern such as "self-focus" weights
// some keys more than others but computes all n^2 scores (fraction 1).
// The count is the cost of the scores alone: an efficient implementation also
// needs a kernel that skips the zeros, which this library does not model.
#pragma once

#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"
#include "atlas/attention/patterns.hpp"

namespace atlas {

struct PatternEntry {
  std::string name;
  Matrix weights;   // (n x n)
  Matrix mask;      // (n x n), 1 = skipped, 0 = computed
  long computed;    // entries > 0
  long total;       // n * n
  double fraction;  // computed / total
};

// At most kMaxPatternSetEntries weights in all (names x n x n, 2^24: nine
// patterns up to n = 1365), checked before anything is allocated: a gallery of
// nine 4096 x 4096 patterns would need ~2.4 GB, and WebAssembly memory, once
// grown, is never given back to the page.
constexpr long kMaxPatternSetEntries = 1L << 24;

// Throws std::invalid_argument when names is empty or holds an unknown name,
// for more than kMaxPatternSetEntries weights, or for any option pattern()
// rejects (the message names the argument).
std::vector<PatternEntry> pattern_set(const std::vector<std::string>& names, int n,
                                      const PatternOptions& options = {});

}  // namespace atlas
