#include "atlas/attention/self_attention.hpp"

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/embedding.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/positional.hpp"
#include "atlas/attention/projections.hpp"

namespace atlas {

SelfAttentionResult self_attention(const std::vector<std::string>& words,
                                   const SelfAttentionOptions& options) {
  const int d = options.d_model;
  require_in_range(options.pe_strength, 0.0, kMaxPositional, "pe_strength");
  SelfAttentionResult out;
  out.X = embed_words(words, d, options.seed);
  const int n = static_cast<int>(out.X.rows());
  if (options.pe_strength != 0.0) out.X += options.pe_strength * positional_encoding(n, d);

  if (options.projection == Projection::Identity) {
    out.Q = out.K = out.V = out.X;
  } else {
    // The random projections of sections 3 and 15 for this seed (projections.hpp).
    ProjectionDraws draws(options.seed);
    out.Q = draws.project(out.X, ProjectionMatrix::Query);
    out.K = draws.project(out.X, ProjectionMatrix::Key);
    out.V = draws.project(out.X, ProjectionMatrix::Value);
  }
  if (options.causal) {
    out.result = attention(out.Q, out.K, out.V, causal_mask(n));
  } else {
    out.result = attention(out.Q, out.K, out.V);
  }
  return out;
}

}  // namespace atlas
