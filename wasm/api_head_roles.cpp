#include "api_head_roles.hpp"

#include <string>
#include <vector>

#include "atlas/lessons/head_roles.hpp"

namespace atlas::wasm {
namespace {

std::vector<bool> flags_from_js(const val& list) {
  const int n = list["length"].as<int>();
  std::vector<bool> out(n);
  for (int i = 0; i < n; ++i) out[i] = list[i].as<bool>();
  return out;
}

val flags_to_js(const std::vector<bool>& flags) {
  val out = val::array();
  for (bool f : flags) out.call<void>("push", f);
  return out;
}

}  // namespace

val head_roles_js(const val& words, const val& marked) {
  return guarded([&] {
    const std::vector<std::string> w = strings_from_js(words);
    const bool use_default = marked.isNull() || marked.isUndefined();
    const HeadRoles r = head_roles(w, use_default ? default_content_marks(w) : flags_from_js(marked));
    val out = val::object();
    out.set("previous", matrix_to_js(r.previous));
    out.set("determiners", matrix_to_js(r.determiners));
    out.set("content", matrix_to_js(r.content));
    out.set("broad", matrix_to_js(r.broad));
    out.set("determiner", flags_to_js(r.determiner));
    out.set("marked", flags_to_js(r.marked));
    return out;
  });
}

}  // namespace atlas::wasm
