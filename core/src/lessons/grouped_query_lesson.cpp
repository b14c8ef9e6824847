#include "atlas/lessons/grouped_query_lesson.hpp"

#include <optional>
#include <stdexcept>
#include <string>

#include "atlas/attention/check.hpp"
#include "atlas/attention/embedding.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/multi_head.hpp"

namespace atlas {

GroupedQueryResult grouped_query_lesson(const std::vector<std::string>& words,
                                        const GroupedQueryLessonOptions& o) {
  require_in_range(o.heads, 1, 16, "heads");
  if (o.d_model % o.heads != 0) {
    throw std::invalid_argument("d_model (" + std::to_string(o.d_model) + ") must be a multiple of heads (" +
                                std::to_string(o.heads) + ")");
  }
  const Matrix X = embed_words(words, o.d_model, o.seed);
  const MultiHeadProjections mh = random_projections(o.d_model, o.seed);
  GroupedQueryProjections p;
  p.Wq = mh.Wq;
  p.Wk = pool_key_value_heads(mh.Wk, o.heads, o.kv_heads);  // checks kv_heads
  p.Wv = pool_key_value_heads(mh.Wv, o.heads, o.kv_heads);
  p.Wo = mh.Wo;
  const std::optional<Matrix> mask =
      o.causal ? std::optional<Matrix>(causal_mask(static_cast<int>(X.rows()))) : std::nullopt;
  return grouped_query_attention(X, p, o.heads, o.kv_heads, mask);
}

}  // namespace atlas
