// Toy word embeddings for the figures: a fixed random vector per word.
//
// embed_words(words, d, seed) -> X (n x d), row i is the vector of words[i].
// Each vector has N(0, 1) entries drawn from a stream keyed by the word
// (ASCII letters lower-cased, so "The" and "the" share a vector) and the seed.
// The same word therefore gets the same row wherever it appears: without
// positional information, attention cannot tell two copies of "the" apart,
// which is exactly the point section 5 makes.
// These are not trained embeddings; they carry no meaning.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas {

// Throws std::invalid_argument when words is empty or d is outside 1..kMaxModel.
Matrix embed_words(const std::vector<std::string>& words, int d, std::uint64_t seed);

}  // namespace atlas
