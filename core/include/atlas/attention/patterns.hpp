// Fixed attention patterns: the row-normalised masks that efficient and
// autoregressive Transformers impose, drawn as attention matrices.
//
// pattern(name, n, options) -> (n x n), every row sums to 1. Names:
//   "uniform"      every key gets 1/n
//   "self-focus"   0.8 on the diagonal plus 0.02 everywhere, rows renormalised
//                  (for n = 10 this is exactly 0.82 / 0.02, already summing to 1)
//   "causal"       keys 0..i, equally: the lower triangle of decoder LMs
//   "local"        keys within window/2 (integer division) of i: i - w/2 .. i + w/2,
//                  so an even window behaves like the next odd one
//   "strided"      the keys whose index is a multiple of `stride`, for every query
//                  (the notebook's simplest form: the same columns for every row)
//   "strided-relative"  Child et al. (2019)'s strided pattern, relative to the
//                  query and causal: keys i - stride + 1 .. i (a local window of
//                  `stride` keys) plus every stride-th earlier key i - k * stride
//   "global-local" local, plus `globals` global tokens (the first ones) that
//                  every query sees and that see every key
// Entries that a pattern skips are exactly 0, so the count of non-zeros is the
// number of scores a sparse implementation would compute.
#pragma once

#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Every name pattern() knows, in the order a gallery shows them.
inline const std::vector<std::string>& pattern_names() {
  static const std::vector<std::string> names{"uniform", "self-focus",       "causal",      "local",
                                              "strided", "strided-relative", "global-local"};
  return names;
}

struct PatternOptions {
  int window = 3;   // "local", "global-local": span of 2 * (window / 2) + 1 keys
  int stride = 2;   // "strided": keys 0, stride, 2 * stride, ...; "strided-relative": i, i - stride, ...
  int globals = 1;  // "global-local": how many leading tokens are global
};

// Throws std::invalid_argument for an unknown name, n outside 1..kMaxSequence,
// window or stride outside 1..kMaxSequence, or globals outside 0..n.
Matrix pattern(const std::string& name, int n, const PatternOptions& options = {});

}  // namespace atlas
