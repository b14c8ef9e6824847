#include "atlas/lessons/head_roles.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <stdexcept>
#include <string_view>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"

namespace atlas {
namespace {

constexpr std::string_view kDeterminers[] = {
    "the", "a",   "an",  "this", "that", "these", "those", "my",  "your",    "his",    "her",
    "its", "our", "their", "some", "any", "each", "every", "no", "another", "either", "neither"};

constexpr std::string_view kOtherFunctionWords[] = {
    // pronouns
    "i", "me", "you", "he", "him", "she", "it", "we", "us", "they", "them", "who", "whom", "which",
    "what", "mine", "yours", "hers", "ours", "theirs", "myself", "itself",
    // prepositions
    "of", "in", "on", "at", "to", "for", "with", "by", "from", "near", "over", "under", "into",
    "onto", "about", "after", "before", "between", "through", "during", "without", "up", "down",
    "off", "out", "across", "behind", "beside", "against", "along", "among", "around",
    // conjunctions
    "and", "or", "but", "nor", "so", "yet", "if", "because", "while", "although", "as", "than",
    "when", "where",
    // auxiliaries and particles
    "is", "am", "are", "was", "were", "be", "been", "being", "do", "does", "did", "have", "has",
    "had", "will", "would", "shall", "should", "can", "could", "may", "might", "must", "not",
    "there"};

// Lower-cased ASCII letters, leading and trailing ASCII punctuation removed.
std::string normalise(const std::string& word) {
  const auto punct = [](char c) { return std::ispunct(static_cast<unsigned char>(c)) != 0; };
  std::size_t b = 0, e = word.size();
  while (b < e && punct(word[b])) ++b;
  while (e > b && punct(word[e - 1])) --e;
  std::string out = word.substr(b, e - b);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

template <std::size_t N>
bool in_list(const std::string_view (&list)[N], const std::string& word) {
  return std::find(std::begin(list), std::end(list), std::string_view(word)) != std::end(list);
}

void require_words(const std::vector<std::string>& words) {
  if (words.empty()) throw ArgumentError("words", "words is empty; expected at least one word");
  require_in_range(static_cast<int>(words.size()), 1, kMaxWords, "number of words");
}

}  // namespace

bool is_determiner(const std::string& word) { return in_list(kDeterminers, normalise(word)); }

bool is_function_word(const std::string& word) {
  const std::string w = normalise(word);
  return in_list(kDeterminers, w) || in_list(kOtherFunctionWords, w);
}

std::vector<bool> default_content_marks(const std::vector<std::string>& words) {
  if (words.empty()) throw ArgumentError("words", "words is empty; expected at least one word");
  std::vector<bool> marks(words.size());
  std::transform(words.begin(), words.end(), marks.begin(),
                 [](const std::string& w) { return !is_function_word(w); });
  return marks;
}

Matrix previous_word_head(int n) {
  require_in_range(n, 1, kMaxSequence, "n");
  Matrix m = Matrix::Zero(n, n);
  m(0, 0) = 1.0;  // no previous word: the first row keeps its weight on itself
  for (int i = 1; i < n; ++i) m(i, i - 1) = 1.0;
  return m;
}

Matrix broad_head(int n) {
  require_in_range(n, 1, kMaxSequence, "n");
  return Matrix::Constant(n, n, 1.0 / n);
}

Matrix attend_to_marked(const std::vector<bool>& marks) {
  if (marks.empty()) throw ArgumentError("marks", "marks is empty; expected one flag per word");
  const int n = static_cast<int>(marks.size());
  require_in_range(n, 1, kMaxSequence, "number of marks");
  const auto count = std::count(marks.begin(), marks.end(), true);
  if (count == 0) return Matrix::Identity(n, n);  // no target: every row attends to itself
  Matrix m = Matrix::Zero(n, n);
  for (int j = 0; j < n; ++j) {
    if (marks[j]) m.col(j).setConstant(1.0 / static_cast<double>(count));
  }
  return m;
}

Matrix determiner_head(const std::vector<std::string>& words) {
  require_words(words);
  const int n = static_cast<int>(words.size());
  Matrix m = Matrix::Identity(n, n);  // no target: a row attends to itself
  for (int i = 0; i < n; ++i) {
    if (!is_determiner(words[i])) continue;
    const auto noun = std::find_if(words.begin() + i + 1, words.end(),
                                   [](const std::string& w) { return !is_function_word(w); });
    if (noun == words.end()) continue;
    m(i, i) = 0.0;
    m(i, static_cast<int>(noun - words.begin())) = 1.0;
  }
  return m;
}

HeadRoles head_roles(const std::vector<std::string>& words, const std::vector<bool>& marked) {
  require_words(words);
  if (marked.size() != words.size()) {
    throw ArgumentError("marked", "marked has " + std::to_string(marked.size()) +
                                " flags; expected one per word (" + std::to_string(words.size()) +
                                ")");
  }
  const int n = static_cast<int>(words.size());
  HeadRoles out;
  out.previous = previous_word_head(n);
  out.determiners = determiner_head(words);
  out.content = attend_to_marked(marked);
  out.broad = broad_head(n);
  out.determiner.resize(words.size());
  std::transform(words.begin(), words.end(), out.determiner.begin(), is_determiner);
  out.marked = marked;
  return out;
}

}  // namespace atlas
