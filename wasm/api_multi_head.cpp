#include "api_multi_head.hpp"

#include <optional>

#include "atlas/attention/embedding.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/multi_head.hpp"

namespace atlas::wasm {
namespace {

// The projections of the last (d_model, seed) asked for: a change of heads, mask or sentence
// draws none again (at d_model = 1024 they are four million draws and 32 MB).
const MultiHeadProjections& projections_for(int d, std::uint64_t seed) {
  static int kept_d = 0;
  static std::uint64_t kept_seed = 0;
  static MultiHeadProjections kept;
  if (kept_d != d || kept_seed != seed) {
    kept = random_projections(d, seed);  // throws before anything is kept for a bad d
    kept_d = d;
    kept_seed = seed;
  }
  return kept;
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
        multi_head_attention(X, projections_for(d, seed), options["heads"].as<int>(), mask);

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
