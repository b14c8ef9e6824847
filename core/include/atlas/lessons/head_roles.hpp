// Hand-built attention heads for section 8, written down as rules. Three are
// roles that analyses of trained models REPORT for some heads (Clark et al.
// 2019, "What Does BERT Look At?"; Voita et al. 2019): previous word,
// determiner -> its noun, broad. The content-word head is a word-class rule of
// our own, for the learner to edit; no paper reports it. All four are
// illustrations of what such heads look like, not heads of any model: nothing
// here is learned.
//
// Every head is an (n x n) matrix whose rows sum to 1; row i is where word i
// (the query) looks. Each rule says what a row does when it has no target:
//   previous_word_head(n)   row i puts all its weight on word i - 1; row 0 has
//                           no previous word and puts all its weight on itself
//   attend_to_marked(marks) row i spreads its weight evenly over the marked
//                           words (itself included when it is marked); with no
//                           marked word at all, every row attends to itself
//   determiner_head(words)  row i of a determiner puts all its weight on the
//                           first later word that is not a function word (its
//                           noun, when no adjective comes between); every other
//                           row, and a determiner with no such word after it,
//                           attends to itself
//   broad_head(n)           every row is uniform, 1/n on each word
//
// Word lists are closed and tiny on purpose (a teaching aid, not a tagger): a
// word is looked up with ASCII letters lower-cased and leading and trailing
// ASCII punctuation removed, so "The" and "mat." match "the" and "mat". A list
// cannot tell "that" the determiner from "that" the conjunction; both count.
// Nor can it tell an adjective from a noun: in "the lazy dog" the determiner
// head points "the" at "lazy", where a trained head would find "dog".
//
// The determiner head follows the direction Clark et al. report: the
// determiner (the dependent) attends to its noun (the head of the relation);
// for their best det head (8-11, layer 8 head 11 of BERT-base) the word a
// determiner attends to most is its noun 94.3% of the time.
#pragma once

#include <string>
#include <vector>

#include "atlas/attention/matrix.hpp"

namespace atlas {

// the, a, an, this, that, these, those, my, your, his, her, its, our, their,
// some, any, each, every, no, another, either, neither.
bool is_determiner(const std::string& word);

// Determiners plus pronouns, prepositions, conjunctions, auxiliary verbs and a
// few particles ("not", "to", "there"): the words that are NOT content words.
bool is_function_word(const std::string& word);

// The default marking of content words: true for every word that is not a
// function word. Throws std::invalid_argument when words is empty.
std::vector<bool> default_content_marks(const std::vector<std::string>& words);

// Throws std::invalid_argument unless 1 <= n <= kMaxSequence.
Matrix previous_word_head(int n);
Matrix broad_head(int n);

// marks (n): which words receive attention. Throws when marks is empty or longer than kMaxSequence.
Matrix attend_to_marked(const std::vector<bool>& marks);

// words (n): throws std::invalid_argument when words is empty or has more than kMaxWords words.
Matrix determiner_head(const std::vector<std::string>& words);

struct HeadRoles {
  Matrix previous;                // (n x n)
  Matrix determiners;             // (n x n): determiner_head(words)
  Matrix content;                 // (n x n): attend_to_marked(marked)
  Matrix broad;                   // (n x n)
  std::vector<bool> determiner;   // (n) is_determiner of each word
  std::vector<bool> marked;       // (n) the content marking used
};

// All four heads for one sentence in one call. marked (n) says which words
// count as content words. Throws std::invalid_argument when words is empty or
// has more than kMaxWords words, or marked.size() != words.size().
HeadRoles head_roles(const std::vector<std::string>& words, const std::vector<bool>& marked);

}  // namespace atlas
