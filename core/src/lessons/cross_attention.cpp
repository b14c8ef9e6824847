#include "atlas/lessons/cross_attention.hpp"

#include <cmath>
#include <stdexcept>

#include "atlas/attention/check.hpp"
#include "atlas/attention/embedding.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/random.hpp"

namespace atlas {

CrossAttentionResult cross_attention(const std::vector<std::string>& target,
                                     const std::vector<std::string>& source,
                                     const CrossAttentionOptions& options) {
  if (target.empty()) throw ArgumentError("target", "target is empty; expected at least one word");
  if (source.empty()) throw ArgumentError("source", "source is empty; expected at least one word");
  const int d = options.d_model;
  require_in_range(d, 1, kMaxModel, "d_model");

  const Matrix Xt = embed_words(target, d, options.seed);
  const Matrix Xs = embed_words(source, d, options.seed);
  Rng rng(mix_seed(options.seed, 0x78617474));  // "xatt": not the embedding streams
  const double stddev = 1.0 / std::sqrt(static_cast<double>(d));
  const Matrix Wq = normal_matrix(d, d, rng, stddev);
  const Matrix Wk = normal_matrix(d, d, rng, stddev);
  const Matrix Wv = normal_matrix(d, d, rng, stddev);

  CrossAttentionResult out;
  out.Q = Xt * Wq;
  out.K = Xs * Wk;
  out.V = Xs * Wv;
  out.result = attention(out.Q, out.K, out.V);
  return out;
}

}  // namespace atlas
