// Characters as tokens, for the character-level model trained on Austen.
//
// utf8_code_points(text) splits UTF-8 into its code points (each a std::string
// of 1-4 bytes) and throws std::invalid_argument on malformed UTF-8.
// CharacterSet maps code points to token ids: id 0 is the unknown symbol
// (drawn as U+FFFD), ids 1.. the characters the model knows, most frequent
// first. A character the model never saw maps to 0; encode() says which.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace atlas::model {

std::vector<std::string> utf8_code_points(const std::string& text);

class CharacterSet {
 public:
  static constexpr const char* kUnknown = "\xEF\xBF\xBD";  // U+FFFD

  // The `count - 1` most frequent code points of `text` (ties broken by code
  // point order), after the unknown symbol.
  static CharacterSet most_frequent(const std::string& text, int count);
  // From the characters string of a model file: code point k is token k.
  static CharacterSet from_symbols(const std::string& characters);

  int size() const { return static_cast<int>(symbols_.size()); }
  const std::vector<std::string>& symbols() const { return symbols_; }
  std::string joined() const;  // the characters string of a model file

  struct Encoded {
    std::vector<int> ids;
    std::vector<std::string> characters;  // as typed, one per id
    std::vector<std::string> unknown;     // the distinct characters mapped to 0
  };
  Encoded encode(const std::string& text) const;

 private:
  std::vector<std::string> symbols_;
  std::map<std::string, int> ids_;
};

}  // namespace atlas::model
