#include "atlas/model/characters.hpp"

#include <algorithm>
#include <stdexcept>

namespace atlas::model {

std::vector<std::string> utf8_code_points(const std::string& text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xe ? 3 : (lead >> 3) == 0x1e ? 4 : 0;
    if (length == 0 || i + length > text.size())
      throw std::invalid_argument("text is not valid UTF-8 (byte " + std::to_string(i) + ")");
    for (std::size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80)
        throw std::invalid_argument("text is not valid UTF-8 (byte " + std::to_string(i + k) + ")");
    out.push_back(text.substr(i, length));
    i += length;
  }
  return out;
}

CharacterSet CharacterSet::most_frequent(const std::string& text, int count) {
  std::map<std::string, long> freq;
  for (const std::string& c : utf8_code_points(text)) ++freq[c];
  std::vector<std::pair<std::string, long>> ranked(freq.begin(), freq.end());
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string joined = kUnknown;
  for (int k = 0; k < count - 1 && k < static_cast<int>(ranked.size()); ++k) joined += ranked[static_cast<std::size_t>(k)].first;
  return from_symbols(joined);
}

CharacterSet CharacterSet::from_symbols(const std::string& characters) {
  CharacterSet set;
  set.symbols_ = utf8_code_points(characters);
  if (set.symbols_.empty() || set.symbols_[0] != kUnknown)
    throw std::invalid_argument("a character set must start with the unknown symbol U+FFFD");
  for (std::size_t k = 0; k < set.symbols_.size(); ++k)
    if (!set.ids_.emplace(set.symbols_[k], static_cast<int>(k)).second)
      throw std::invalid_argument("a character set lists '" + set.symbols_[k] + "' twice");
  return set;
}

std::string CharacterSet::joined() const {
  std::string out;
  for (const std::string& s : symbols_) out += s;
  return out;
}

CharacterSet::Encoded CharacterSet::encode(const std::string& text) const {
  Encoded e;
  e.characters = utf8_code_points(text);
  for (const std::string& c : e.characters) {
    const auto it = ids_.find(c);
    const int id = it == ids_.end() || it->second == 0 ? 0 : it->second;
    if (id == 0 && std::find(e.unknown.begin(), e.unknown.end(), c) == e.unknown.end()) e.unknown.push_back(c);
    e.ids.push_back(id);
  }
  return e;
}

}  // namespace atlas::model
