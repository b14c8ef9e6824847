#include "api_multi_head.hpp"

#include <optional>

#include "atlas/attention/embedding.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/multi_head.hpp"

namespace atlas::wasm {
namespace {

// The projection draws of the last seed asked for: a step of d_model draws only the shells a
// larger d_model adds (projections.hpp), and a change of heads, mask, sentence or a smaller
// d_model draws nothing (at d_model = 1024 the four matrices are four million draws, 32 MB).
ProjectionDraws& draws_for(std::uint64_t seed) {
  static std::optional<ProjectionDraws> kept;
  if (!kept || kept->seed() != seed) kept.emplace(seed);
  return *kept;
}

}  // namespace

val multi_head_js(const val& words, const val& options) {
  return guarded([&] {
    const int d = options["dModel"].as<int>();
    // Seeds arrive as JS numbers; the facade checks they are integers in 0..2^32-1.
    const auto seed = seed_from_js(options["seed"]);
    const Matrix X = embed_words(strings_from_js(words), d, seed);
    std::optional<Matrix> mask;
    if (options["causal"].as<bool>()) mask = causal_mask(static_cast<int>(X.rows()));
    const MultiHeadResult r =
        multi_head_attention(X, draws_for(seed), options["heads"].as<int>(), mask);

    val heads = val::array();
    for (const HeadResult& h : r.heads) {
      val head = attention_to_js(h.result);
      head.set("Q", matrix_to_js(h.Q));
      head.set("K", matrix_to_js(h.K));
      head.set("V", matrix_to_js(h.V));
      heads.call<void>("push", head);
    }
    val out = val::object();
    out.set("dK", r.d_k);
    out.set("X", matrix_to_js(X));
    out.set("heads", heads);
    out.set("concat", matrix_to_js(r.concat));
    out.set("output", matrix_to_js(r.output));
    return out;
  });
}

}  // namespace atlas::wasm
