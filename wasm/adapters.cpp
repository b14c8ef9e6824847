#include "adapters.hpp"

#include <stdexcept>

namespace atlas::wasm {

Matrix matrix_from_js(const val& m, const std::string& name) {
  const int rows = m["rows"].as<int>();
  const int cols = m["cols"].as<int>();
  const std::vector<double> data = emscripten::convertJSArrayToNumberVector<double>(m["data"]);
  if (rows <= 0 || cols <= 0 || data.size() != static_cast<std::size_t>(rows) * cols) {
    throw std::invalid_argument(name + ".data must hold rows * cols numbers");
  }
  return Eigen::Map<const Matrix>(data.data(), rows, cols);
}

val matrix_to_js(const Matrix& m) {
  val out = val::object();
  out.set("rows", static_cast<int>(m.rows()));
  out.set("cols", static_cast<int>(m.cols()));
  // new Float64Array(view) copies the bytes out of WASM memory.
  out.set("data", val::global("Float64Array")
                      .new_(emscripten::typed_memory_view(static_cast<std::size_t>(m.size()), m.data())));
  return out;
}

val vector_to_js(const Vector& v) {
  return val::global("Float64Array")
      .new_(emscripten::typed_memory_view(static_cast<std::size_t>(v.size()), v.data()));
}

std::vector<std::string> strings_from_js(const val& list) {
  std::vector<std::string> out;
  const int n = list["length"].as<int>();
  out.reserve(n);
  for (int i = 0; i < n; ++i) out.push_back(list[i].as<std::string>());
  return out;
}

val strings_to_js(const std::vector<std::string>& list) {
  val out = val::array();
  for (const auto& s : list) out.call<void>("push", s);
  return out;
}

std::uint64_t seed_from_js(const val& seed) { return static_cast<std::uint64_t>(seed.as<double>()); }

SelfAttentionOptions self_attention_options_from_js(const val& options) {
  SelfAttentionOptions o;
  o.d_model = options["dModel"].as<int>();
  o.seed = seed_from_js(options["seed"]);
  o.pe_strength = options["positional"].as<double>();
  const std::string projection = options["projection"].as<std::string>();
  if (projection == "identity") {
    o.projection = Projection::Identity;
  } else if (projection != "random") {
    throw std::invalid_argument("projection '" + projection + "' is unknown; expected 'random' or 'identity'");
  }
  const val causal = options["causal"];
  o.causal = !causal.isUndefined() && causal.as<bool>();
  return o;
}

val error_to_js(const std::string& message) {
  val out = val::object();
  out.set("error", message);
  return out;
}

}  // namespace atlas::wasm
