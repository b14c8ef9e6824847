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
//   "global-local" local, plus `globals` global tokens (the first ones) that
//                  every query sees and that see every key
// Entries that a pattern skips are exactly 0, so the count of non-zeros is the
// number of scores a sparse implementation would compute.
#pragma once

#include <string>

#include "atlas/matrix.hpp"

namespace atlas {

struct PatternOptions {
  int window = 3;   // "local", "global-local": span of 2 * (window / 2) + 1 keys
  int stride = 2;   // "strided": attend to keys 0, stride, 2 * stride, ...
  int globals = 1;  // "global-local": how many leading tokens are global
};

// Throws std::invalid_argument for an unknown name, n outside 1..kMaxSequence,
// window or stride outside 1..kMaxSequence, or globals outside 0..n.
Matrix pattern(const std::string& name, int n, const PatternOptions& options = {});

}  // namespace atlas
