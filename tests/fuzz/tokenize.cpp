// Fuzzes split_words() (tokenize.hpp) with arbitrary bytes and word limits.
// The oracle for UTF-8 is written independently of the core: the table of
// well-formed byte sequences (Unicode 15, chapter 3, table 3-7), checked byte
// by byte. Invariants:
//   it throws "not valid UTF-8" exactly when the table rejects the text;
//   on valid text it returns 1..max_words non-empty words, none holding a
//   whitespace byte or U+00A0, whose concatenation is the text with its
//   whitespace removed (nothing lost, nothing cut, in order).
#include <string>
#include <vector>

#include "atlas/attention/tokenize.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using namespace atlas::fuzz;

bool in(unsigned char b, unsigned lo, unsigned hi) { return b >= lo && b <= hi; }

// Table 3-7: the lead byte fixes the range of the second byte; later bytes are 80..BF.
bool well_formed_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b0 = s[i];
    std::size_t len = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (b0 <= 0x7F) len = 1;
    else if (in(b0, 0xC2, 0xDF)) len = 2;
    else if (b0 == 0xE0) { len = 3; lo = 0xA0; }
    else if (in(b0, 0xE1, 0xEC) || in(b0, 0xEE, 0xEF)) len = 3;
    else if (b0 == 0xED) { len = 3; hi = 0x9F; }
    else if (b0 == 0xF0) { len = 4; lo = 0x90; }
    else if (in(b0, 0xF1, 0xF3)) len = 4;
    else if (b0 == 0xF4) { len = 4; hi = 0x8F; }
    else return false;
    if (i + len > s.size()) return false;
    if (len > 1 && !in(s[i + 1], lo, hi)) return false;
    for (std::size_t k = 2; k < len; ++k) {
      if (!in(s[i + k], 0x80, 0xBF)) return false;
    }
    i += len;
  }
  return true;
}

// In well-formed UTF-8 the bytes C2 A0 can only be U+00A0 (C2 is never a continuation byte).
std::string without_whitespace(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (std::string(" \t\n\r\v\f").find(s[i]) != std::string::npos) continue;
    if (s.compare(i, 2, "\xC2\xA0") == 0) { ++i; continue; }
    out += s[i];
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  const int max_words = input.ConsumeBool() ? 64 : input.ConsumeIntegralInRange(-2, 70);
  const std::string text = input.ConsumeRemainingBytesAsString();
  const bool valid = well_formed_utf8(text);
  const std::string expected = without_whitespace(text);
  try {
    const std::vector<std::string> words = atlas::split_words(text, max_words);
    check(valid, "accepted text is well-formed UTF-8");
    check(!words.empty() && static_cast<int>(words.size()) <= max_words, "1 .. max_words words");
    std::string joined;
    for (const std::string& w : words) {
      check(!w.empty() && without_whitespace(w) == w, "words are non-empty and hold no whitespace");
      check(well_formed_utf8(w), "no word cuts a character");
      joined += w;
    }
    check(joined == expected, "the words are the text without its whitespace");
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    const bool utf8_error = message.find("not valid UTF-8") != std::string::npos;
    check(utf8_error == !valid, "a UTF-8 error exactly for ill-formed text");
    check(utf8_error || message.find("sentence is empty") != std::string::npos ||
              message.find("words; the limit is") != std::string::npos,
          "the message says what is wrong");
  }
  return 0;
}
