#include "atlas/attention/alibi.hpp"

#include <cmath>
#include <cstdlib>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/attention_distance.hpp"
#include "atlas/attention/check.hpp"
#include "atlas/attention/embedding.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/random.hpp"

namespace atlas {

Vector alibi_slopes(int heads) {
  require_in_range(heads, 1, 64, "heads");
  Vector m(heads);
  for (int h = 1; h <= heads; ++h) m(h - 1) = std::exp2(-8.0 * h / heads);
  return m;
}

Matrix alibi_bias(int n, double slope, bool causal) {
  require_in_range(n, 1, kMaxSequence, "n");
  require_in_range(slope, 0.0, 1e6, "slope");
  Matrix b = Matrix::Zero(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (causal && j > i) continue;  // blocked by the causal mask
      b(i, j) = -slope * std::abs(i - j);
    }
  }
  return b;
}

AlibiResult alibi_attention(const std::vector<std::string>& words, const AlibiOptions& options) {
  const int d = options.d_model;
  require_in_range(options.heads, 1, kMaxAlibiHeads, "heads");
  require_in_range(options.slope_scale, 0.0, kMaxSlopeScale, "slope_scale");
  const Matrix X = embed_words(words, d, options.seed);
  const int n = static_cast<int>(X.rows());

  AlibiResult out;
  out.slopes = alibi_slopes(options.heads) * options.slope_scale;
  if (options.causal) out.mask = causal_mask(n);
  out.mean_plain = Vector::Zero(n);
  out.mean_biased = Vector::Zero(n);
  out.near_plain.resize(options.heads);
  out.near_biased.resize(options.heads);

  const double stddev = 1.0 / std::sqrt(static_cast<double>(d));
  const std::uint64_t stream = mix_seed(options.seed, 0x616C6962);  // "alib"
  for (int h = 0; h < options.heads; ++h) {
    Rng rng(mix_seed(stream, static_cast<std::uint64_t>(h)));
    const Matrix Q = X * normal_matrix(d, d, rng, stddev);
    const Matrix K = X * normal_matrix(d, d, rng, stddev);
    // V does not affect the weights; K stands in for it.
    const AttentionResult plain = attention(Q, K, K, out.mask);
    const Matrix biased =
        masked_softmax(plain.scores + alibi_bias(n, out.slopes(h), options.causal), out.mask);
    out.mean_plain += mean_by_distance(plain.weights, out.mask) / options.heads;
    out.mean_biased += mean_by_distance(biased, out.mask) / options.heads;
    out.near_plain(h) = mass_within(plain.weights, 1);
    out.near_biased(h) = mass_within(biased, 1);
    out.plain.push_back(plain.weights);
    out.biased.push_back(biased);
  }
  return out;
}

}  // namespace atlas
