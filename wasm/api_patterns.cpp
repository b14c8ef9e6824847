#include "api_patterns.hpp"

#include "atlas/attention/patterns.hpp"
#include "atlas/lessons/pattern_set.hpp"

namespace atlas::wasm {

val pattern_set_js(const val& names, int n, int window, int stride, int globals) {
  return guarded([&] {
    const bool all = names.isNull() || names.isUndefined();
    val out = val::array();
    for (const PatternEntry& e :
         pattern_set(all ? pattern_names() : strings_from_js(names), n, {window, stride, globals})) {
      val item = val::object();
      item.set("name", e.name);
      item.set("weights", matrix_to_js(e.weights));
      item.set("mask", matrix_to_js(e.mask));
      item.set("computed", static_cast<double>(e.computed));
      item.set("total", static_cast<double>(e.total));
      item.set("fraction", e.fraction);
      out.call<void>("push", item);
    }
    return out;
  });
}

}  // namespace atlas::wasm
