#include "api_grouped_query.hpp"

#include "atlas/attention/kv_cache.hpp"
#include "atlas/lessons/grouped_query_lesson.hpp"

namespace atlas::wasm {

val grouped_query_js(const val& words, const val& options) {
  return guarded([&] {
    GroupedQueryLessonOptions o;
    o.d_model = options["dModel"].as<int>();
    o.heads = options["heads"].as<int>();
    o.kv_heads = options["kvHeads"].as<int>();
    o.seed = seed_from_js(options["seed"]);
    o.causal = options["causal"].as<bool>();
    const GroupedQueryResult r = grouped_query_lesson(strings_from_js(words), o);
    val heads = val::array();
    val group = val::array();
    for (std::size_t j = 0; j < r.heads.size(); ++j) {
      val head = val::object();
      head.set("Q", matrix_to_js(r.Q[j]));
      head.set("weights", matrix_to_js(r.heads[j].weights));
      head.set("scores", matrix_to_js(r.heads[j].scores));
      head.set("output", matrix_to_js(r.heads[j].output));
      heads.call<void>("push", head);
      group.call<void>("push", r.group[j]);
    }
    val K = val::array(), V = val::array();
    for (std::size_t g = 0; g < r.K.size(); ++g) {
      K.call<void>("push", matrix_to_js(r.K[g]));
      V.call<void>("push", matrix_to_js(r.V[g]));
    }
    val out = val::object();
    out.set("dK", r.d_k);
    out.set("group", group);
    out.set("heads", heads);
    out.set("K", K);
    out.set("V", V);
    out.set("output", matrix_to_js(r.output));
    return out;
  });
}

val kv_cache_size_js(const val& shape) {
  return guarded([&] {
    KvCacheShape s;
    s.layers = shape["layers"].as<int>();
    s.heads = shape["heads"].as<int>();
    s.kv_heads = shape["kvHeads"].as<int>();
    s.head_size = shape["headSize"].as<int>();
    s.context = shape["context"].as<int>();
    s.batch = shape["batch"].as<int>();
    s.bytes_per_number = shape["bytesPerNumber"].as<double>();
    const KvCacheSize r = kv_cache_size(s);
    val choices = val::array();
    for (int g : r.kv_choices) choices.call<void>("push", g);
    val out = val::object();
    out.set("bytes", r.bytes);
    out.set("bytesPerToken", r.bytes_per_token);
    out.set("multiHeadBytes", r.multi_head_bytes);
    out.set("kvChoices", choices);
    const Vector by_choice = Eigen::Map<const Vector>(r.bytes_by_choice.data(), r.bytes_by_choice.size());
    out.set("bytesByChoice", vector_to_js(by_choice));
    return out;
  });
}

}  // namespace atlas::wasm
