#include "api.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/embedding.hpp"
#include "atlas/attention/entropy.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/patterns.hpp"
#include "atlas/attention/positional.hpp"
#include "atlas/attention/self_attention.hpp"
#include "atlas/attention/tokenize.hpp"

namespace atlas::wasm {

val attention_js(const val& q, const val& k, const val& v, const val& mask) {
  return guarded([&] {
    std::optional<Matrix> m;
    if (!mask.isNull() && !mask.isUndefined()) m = matrix_from_js(mask, "mask");
    return attention_to_js(
        attention(matrix_from_js(q, "Q"), matrix_from_js(k, "K"), matrix_from_js(v, "V"), m));
  });
}

val attention_f32_js(const val& q, const val& k, const val& v, const val& mask) {
  return guarded([&] {
    std::optional<MatrixF> m;
    if (!mask.isNull() && !mask.isUndefined()) m = matrixf_from_js(mask, "mask");
    return attention_to_js(
        attention_f32(matrixf_from_js(q, "Q"), matrixf_from_js(k, "K"), matrixf_from_js(v, "V"), m));
  });
}

val causal_mask_js(int n) {
  return guarded([&] { return matrix_to_js(causal_mask(n)); });
}

val positional_encoding_js(int n, int d) {
  return guarded([&] { return matrix_to_js(positional_encoding(n, d)); });
}

val entropy_js(const val& w) {
  return guarded([&] { return vector_to_js(entropy(matrix_from_js(w, "W"))); });
}

val pattern_js(const std::string& name, int n, int window, int stride, int globals) {
  return guarded([&] { return matrix_to_js(pattern(name, n, {window, stride, globals})); });
}

val tokenize_js(const std::string& text) {
  return guarded([&] { return strings_to_js(split_words(text, kMaxWords)); });
}

val embed_js(const val& words, int d, double seed) {
  return guarded(
      [&] { return matrix_to_js(embed_words(strings_from_js(words), d, static_cast<std::uint64_t>(seed))); });
}

val self_attention_js(const val& words, const val& options) {
  return guarded([&] {
    const SelfAttentionOptions o = self_attention_options_from_js(options);
    const SelfAttentionResult r = self_attention(strings_from_js(words), o);
    val out = attention_to_js(r.result);
    out.set("X", matrix_to_js(r.X));
    out.set("Q", matrix_to_js(r.Q));
    out.set("K", matrix_to_js(r.K));
    out.set("V", matrix_to_js(r.V));
    return out;
  });
}

}  // namespace atlas::wasm
