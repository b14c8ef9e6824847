// Fuzzes the builders that take a learner's words: self_attention,
// multi-head attention, causal_attention, position_effect, cross_attention,
// alibi_attention, head_roles (self_attention.hpp, multi_head.hpp, alibi.hpp,
// lessons/*.hpp). Words come from split_words() on fuzzed text or are raw
// strings (empty, invalid UTF-8, spaces: the C++ API accepts any string);
// options are edge-heavy draws. Invariants on every accepted input: every
// weight matrix has rows summing to 1 with finite entries in [0, 1], the
// other outputs are finite and of the documented shapes.
#include <cmath>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "atlas/attention/alibi.hpp"
#include "atlas/attention/embedding.hpp"
#include "atlas/attention/limits.hpp"
#include "atlas/attention/mask.hpp"
#include "atlas/attention/multi_head.hpp"
#include "atlas/attention/self_attention.hpp"
#include "atlas/attention/tokenize.hpp"
#include "atlas/lessons/causal_attention.hpp"
#include "atlas/lessons/cross_attention.hpp"
#include "atlas/lessons/head_roles.hpp"
#include "atlas/lessons/position_effect.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using atlas::Matrix;
using namespace atlas::fuzz;
using Words = std::vector<std::string>;

Words words(FuzzedDataProvider& in) {
  if (in.ConsumeBool()) return raw_words(in, atlas::kMaxWords + 2);
  Words out;
  const std::string text = in.ConsumeRandomLengthString(200);
  expect_ok_or_invalid([&] { out = atlas::split_words(text, atlas::kMaxWords); });
  return out;
}

atlas::SelfAttentionOptions sentence_options(FuzzedDataProvider& in) {
  atlas::SelfAttentionOptions o;
  o.d_model = atlas::fuzz::size(in, 1, 24, atlas::kMaxModel);
  o.seed = in.ConsumeIntegral<std::uint64_t>();
  o.pe_strength = number_in(in, 0.0, 10.0);
  o.projection = in.ConsumeBool() ? atlas::Projection::Random : atlas::Projection::Identity;
  o.causal = in.ConsumeBool();
  return o;
}

void self_attention(FuzzedDataProvider& in, const Words& w) {
  const atlas::SelfAttentionResult r = atlas::self_attention(w, sentence_options(in));
  require_distribution_rows(r.result.weights, "self_attention weights");
  require_finite(r.result.output, "self_attention output");
}

void multi_head(FuzzedDataProvider& in, const Words& w) {
  const int d = atlas::fuzz::size(in, 1, 24, atlas::kMaxModel);
  const int heads = atlas::fuzz::size(in, 1, 8, 64);
  const atlas::MultiHeadProjections p = atlas::random_projections(d, in.ConsumeIntegral<std::uint64_t>());
  const Matrix X = atlas::embed_words(w, d, in.ConsumeIntegral<std::uint64_t>());
  std::optional<Matrix> mask;
  if (in.ConsumeBool()) mask = atlas::causal_mask(static_cast<int>(X.rows()));
  const atlas::MultiHeadResult r = atlas::multi_head_attention(X, p, heads, mask);
  check(static_cast<int>(r.heads.size()) == heads && r.d_k * heads == d, "heads x d_k = d_model");
  for (const atlas::HeadResult& h : r.heads) require_distribution_rows(h.result.weights, "head weights");
  require_finite(r.output, "multi-head output");
}

void causal(FuzzedDataProvider& in, const Words& w) {
  const atlas::CausalAttention r = atlas::causal_attention(w, sentence_options(in));
  require_distribution_rows(r.masked, "causal masked weights");
  require_distribution_rows(r.unmasked, "causal unmasked weights");
  check((r.masked.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().array() == 0.0).all(),
        "no weight above the diagonal");
  for (Eigen::Index i = 0; i < r.masked.rows(); ++i) {
    check(r.masked_entropy(i) <= std::log(double(i) + 1.0) + 1e-9, "row i entropy <= ln(i + 1)");
  }
}

void position(FuzzedDataProvider& in, const Words& w) {
  atlas::SelfAttentionOptions o = sentence_options(in);
  if (in.ConsumeIntegralInRange(0, 7)) o.causal = false;
  const atlas::PositionEffect r = atlas::position_effect(w, o);
  require_distribution_rows(r.with, "position effect: with");
  require_distribution_rows(r.without, "position effect: without");
  check(r.difference == r.with - r.without, "difference = with - without");
}

void cross(FuzzedDataProvider& in, const Words& target) {
  const Words source = words(in);
  atlas::CrossAttentionOptions o;
  o.d_model = atlas::fuzz::size(in, 1, 24, atlas::kMaxModel);
  o.seed = in.ConsumeIntegral<std::uint64_t>();
  const atlas::CrossAttentionResult r = atlas::cross_attention(target, source, o);
  check(r.result.weights.rows() == Eigen::Index(target.size()) &&
            r.result.weights.cols() == Eigen::Index(source.size()), "cross weights n_t x n_s");
  require_distribution_rows(r.result.weights, "cross weights");
}

void alibi(FuzzedDataProvider& in, const Words& w) {
  atlas::AlibiOptions o;
  o.d_model = atlas::fuzz::size(in, 1, 16, atlas::kMaxModel);
  o.seed = in.ConsumeIntegral<std::uint64_t>();
  o.heads = atlas::fuzz::size(in, 1, 8, 16);
  o.slope_scale = number_in(in, 0.0, 100.0);
  o.causal = in.ConsumeBool();
  const atlas::AlibiResult r = atlas::alibi_attention(w, o);
  for (int h = 0; h < o.heads; ++h) {
    require_distribution_rows(r.plain[h], "alibi plain");
    require_distribution_rows(r.biased[h], "alibi biased");
  }
  require_finite(r.mean_biased, "alibi mean by distance");
  require_finite(r.near_biased, "alibi mass within 1");
}

void roles(FuzzedDataProvider& in, const Words& w) {
  std::vector<bool> marked(in.ConsumeBool() ? w.size() : in.ConsumeIntegralInRange<std::size_t>(0, 70));
  for (std::size_t k = 0; k < marked.size(); ++k) marked[k] = in.ConsumeBool();
  const atlas::HeadRoles r = atlas::head_roles(w, marked);
  for (const Matrix* m : {&r.previous, &r.determiners, &r.content, &r.broad}) {
    require_distribution_rows(*m, "head role rows");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const Words w = words(in);
  using Builder = void (*)(FuzzedDataProvider&, const Words&);
  static constexpr Builder builders[] = {self_attention, multi_head, causal, position, cross, alibi, roles};
  const Builder build = builders[in.ConsumeIntegralInRange<std::size_t>(0, std::size(builders) - 1)];
  expect_ok_or_invalid([&] { build(in, w); });
  return 0;
}
