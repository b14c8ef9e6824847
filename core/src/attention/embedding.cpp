#include "atlas/attention/embedding.hpp"

#include <stdexcept>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/random.hpp"

namespace atlas {
namespace {

// FNV-1a over the word with ASCII letters lower-cased.
std::uint64_t word_key(const std::string& word) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (char ch : word) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 'A' && c <= 'Z') c = static_cast<unsigned char>(c - 'A' + 'a');
    h = (h ^ c) * 0x100000001B3ULL;
  }
  return h;
}

}  // namespace

Matrix embed_words(const std::vector<std::string>& words, int d, std::uint64_t seed) {
  if (words.empty()) throw ArgumentError("words", "words is empty; expected at least one word");
  require_in_range(d, 1, kMaxModel, "d_model");
  Matrix x(static_cast<Eigen::Index>(words.size()), d);
  for (std::size_t i = 0; i < words.size(); ++i) {
    Rng rng(mix_seed(seed, word_key(words[i])));
    for (int c = 0; c < d; ++c) x(static_cast<Eigen::Index>(i), c) = rng.normal();
  }
  return x;
}

}  // namespace atlas
