#include "atlas/attention/tokenize.hpp"

#include "atlas/attention/check.hpp"

#include <stdexcept>

namespace atlas {
namespace {

// Length of the UTF-8 sequence starting at text[i], or 0 when it is malformed
// (bad lead byte, truncated, bad continuation, overlong, surrogate, > U+10FFFF).
std::size_t utf8_length(const std::string& text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t len = 0;
  unsigned int cp = 0;
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) { len = 2; cp = lead & 0x1F; }
  else if (lead >= 0xE0 && lead <= 0xEF) { len = 3; cp = lead & 0x0F; }
  else if (lead >= 0xF0 && lead <= 0xF4) { len = 4; cp = lead & 0x07; }
  else return 0;
  if (i + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  const bool overlong = (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
  const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
  if (overlong || surrogate || cp > 0x10FFFF) return 0;
  return len;
}

bool is_space(const std::string& text, std::size_t i, std::size_t len) {
  if (len == 1) {
    const char c = text[i];
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
  }
  return len == 2 && text.compare(i, 2, "\xC2\xA0") == 0;  // U+00A0
}

}  // namespace

std::vector<std::string> split_words(const std::string& text, int max_words) {
  std::vector<std::string> words;
  std::string current;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t len = utf8_length(text, i);
    if (len == 0) {
      throw ArgumentError("sentence", "sentence is not valid UTF-8 (byte " + std::to_string(i) + ")");
    }
    if (is_space(text, i, len)) {
      if (!current.empty()) words.push_back(std::move(current));
      current.clear();
    } else {
      current.append(text, i, len);
    }
    i += len;
  }
  if (!current.empty()) words.push_back(std::move(current));

  if (words.empty()) throw ArgumentError("sentence", "sentence is empty; type at least one word");
  if (static_cast<int>(words.size()) > max_words) {
    throw ArgumentError("sentence", "sentence has " + std::to_string(words.size()) +
                                " words; the limit is " + std::to_string(max_words));
  }
  return words;
}

}  // namespace atlas
