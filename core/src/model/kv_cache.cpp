#include "atlas/model/kv_cache.hpp"

#include <stdexcept>
#include <string>

namespace atlas::model {

std::int64_t multiply_adds(const Transformer<float>& model, int new_tokens, int length) {
  const ModelShape& s = model.shape();
  const std::int64_t D = s.d_model, F = 4 * D, rows = new_tokens, keys = length, head_width = D / s.heads;
  std::int64_t total = rows * D * s.vocab;
  for (int l = 0; l < s.layers; ++l) {
    total += 3 * rows * D * D + rows * keys * D + rows * D * D + (s.mlp ? 2 * rows * D * F : 0);
    for (int h = 0; h < s.heads; ++h) total += model.ablated(l, h) ? 0 : rows * keys * head_width;
  }
  return total;
}

Extension extend(const Transformer<float>& model, const std::vector<int>& tokens, KVCache& cache) {
  const ModelShape& s = model.shape();
  const Offsets& offsets = model.offsets();
  const std::int64_t D = s.d_model, F = 4 * D, V = s.vocab;
  const int start = cache.length(), count = static_cast<int>(tokens.size()), length = start + count;
  if (count < 1 || length > s.context)
    throw std::invalid_argument("tokens must be 1 to " + std::to_string(s.context - start) + " new tokens (the cache holds " +
                                std::to_string(start) + " of the context's " + std::to_string(s.context) + " positions); got " +
                                std::to_string(count));
  for (int token : tokens)
    if (token < 0 || token >= s.vocab)
      throw std::invalid_argument("tokens must be 0 to " + std::to_string(s.vocab - 1) + "; got " + std::to_string(token));
  if (cache.keys.empty()) {
    cache.keys.assign(static_cast<std::size_t>(s.layers), RowMatrix<float>(s.context, D));
    cache.values.assign(static_cast<std::size_t>(s.layers), RowMatrix<float>(s.context, D));
  }
  const auto weights = views_of(model.parameters());
  Extension out;
  out.attention.resize(static_cast<std::size_t>(s.layers));
  out.multiply_adds = multiply_adds(model, count, length);

  RowMatrix<float> residual =
      embedding_forward<float>(tokens, start, weights.matrix(offsets.wte, V, D), weights.matrix(offsets.wpe, s.context, D));
  for (int l = 0; l < s.layers; ++l) {
    const LayerOffsets& at = offsets.layer[static_cast<std::size_t>(l)];
    RowMatrix<float>& keys = cache.keys[static_cast<std::size_t>(l)];
    RowMatrix<float>& values = cache.values[static_cast<std::size_t>(l)];
    LayerNormCache<float> ln1;
    layer_norm_forward(residual, weights.row(at.ln1_g, D), weights.row(at.ln1_b, D), ln1);
    const Projections<float> qkv = qkv_forward(ln1.out, weights.matrix(at.wq, D, D), weights.matrix(at.wk, D, D), weights.matrix(at.wv, D, D));
    keys.middleRows(start, count) = qkv.key;
    values.middleRows(start, count) = qkv.value;
    std::vector<char> ablated;
    for (int h = 0; h < s.heads; ++h) ablated.push_back(model.ablated(l, h) ? 1 : 0);
    const RowMatrix<float> heads_out =
        attention_forward(qkv.query, keys.topRows(length), values.topRows(length), s.heads, ablated, nullptr, out.attention[static_cast<std::size_t>(l)]);
    residual = residual_forward(residual, linear_forward(heads_out, weights.matrix(at.wo, D, D)));
    if (s.mlp) {
      LayerNormCache<float> ln2;
      MlpCache<float> mlp;
      layer_norm_forward(residual, weights.row(at.ln2_g, D), weights.row(at.ln2_b, D), ln2);
      residual = residual_forward(residual, mlp_forward(ln2.out, weights.matrix(at.w1, D, F), weights.row(at.b1, F),
                                                        weights.matrix(at.w2, F, D), weights.row(at.b2, D), mlp));
    }
  }
  cache.filled = length;
  LayerNormCache<float> lnf;
  layer_norm_forward(residual, weights.row(offsets.lnf_g, D), weights.row(offsets.lnf_b, D), lnf);
  out.logits = linear_forward(lnf.out, weights.matrix(offsets.wu, D, V));
  return out;
}

}  // namespace atlas::model
