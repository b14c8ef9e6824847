#include "atlas/attention/self_attention.hpp"

#include <cmath>

#include "atlas/attention/check.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/embedding.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/positional.hpp"
#include "atlas/attention/products.hpp"
#include "atlas/attention/random.hpp"

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
    // A stream of its own (not the embedding streams), drawn in a fixed order.
    Rng rng(mix_seed(options.seed, 0x70726F6A));  // "proj"
    const double stddev = 1.0 / std::sqrt(static_cast<double>(d));
    const Matrix Wq = ziggurat_matrix(d, d, rng, stddev);
    const Matrix Wk = ziggurat_matrix(d, d, rng, stddev);
    const Matrix Wv = ziggurat_matrix(d, d, rng, stddev);
    out.Q = product(out.X, Wq);
    out.K = product(out.X, Wk);
    out.V = product(out.X, Wv);
  }
  if (options.causal) {
    out.result = attention(out.Q, out.K, out.V, causal_mask(n));
  } else {
    out.result = attention(out.Q, out.K, out.V);
  }
  return out;
}

}  // namespace atlas
