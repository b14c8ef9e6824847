// Splits a learner's sentence into words for the figures.
//
// Words are the runs of text between whitespace (ASCII space, tab, newline,
// carriage return, vertical tab, form feed, and U+00A0 no-break space).
// Punctuation stays attached ("mat." is one word): the figures label rows
// with exactly what the learner typed. This is a word splitter for teaching,
// not a subword tokenizer like BPE.
// The text must be valid UTF-8; a multi-byte character is never cut.
#pragma once

#include <string>
#include <vector>

namespace atlas {

// Throws std::invalid_argument when the text is not valid UTF-8, holds no
// word, or holds more than max_words words (the message gives the count).
std::vector<std::string> split_words(const std::string& text, int max_words);

}  // namespace atlas
