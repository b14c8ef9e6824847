#include "adapters.hpp"

#include <stdexcept>

namespace atlas::wasm {

namespace {

// {rows, cols, data} -> M, data copied by one TypedArray.set into M's storage.
template <typename M>
M read_matrix(const val& m, const std::string& name) {
  const int rows = m["rows"].as<int>();
  const int cols = m["cols"].as<int>();
  const val data = m["data"];
  if (rows <= 0 || cols <= 0 || data["length"].as<double>() != static_cast<double>(rows) * cols) {
    throw std::invalid_argument(name + ".data must hold rows * cols numbers");
  }
  M out(rows, cols);
  val(emscripten::typed_memory_view(static_cast<std::size_t>(out.size()), out.data())).call<void>("set", data);
  return out;
}

// A typed-array copy (array_type: "Float64Array" or "Float32Array") of n values at p.
template <typename T>
val copy_out(const char* array_type, const T* p, Eigen::Index n) {
  return val::global(array_type).new_(emscripten::typed_memory_view(static_cast<std::size_t>(n), p));
}

// {rows, cols, data} of m, its numbers already in `data`.
template <typename M>
val matrix_object(const M& m, const val& data) {
  val out = val::object();
  out.set("rows", static_cast<int>(m.rows()));
  out.set("cols", static_cast<int>(m.cols()));
  out.set("data", data);
  return out;
}

template <typename M>
val write_matrix(const M& m, const char* array_type) {
  return matrix_object(m, copy_out(array_type, m.data(), m.size()));
}

}  // namespace

Matrix matrix_from_js(const val& m, const std::string& name) { return read_matrix<Matrix>(m, name); }
MatrixF matrixf_from_js(const val& m, const std::string& name) { return read_matrix<MatrixF>(m, name); }

val matrix_to_js(const Matrix& m) { return write_matrix(m, "Float64Array"); }
val matrix_to_js(const Matrix& m, const val& reuse) {
  const val array = val::global("Float64Array");
  if (!reuse.instanceof(array)) return matrix_to_js(m);
  const double size = static_cast<double>(m.size());
  val buffer = reuse["buffer"];
  const double room = buffer["byteLength"].as<double>() / sizeof(double);
  if (room < size) buffer = val::global("ArrayBuffer").new_(2 * size * sizeof(double));
  val data = array.new_(buffer, 0, size);
  data.call<void>("set", emscripten::typed_memory_view(static_cast<std::size_t>(m.size()), m.data()));
  return matrix_object(m, data);
}
val matrix_to_js(const MatrixF& m) { return write_matrix(m, "Float32Array"); }
val vector_to_js(const Vector& v) { return copy_out("Float64Array", v.data(), v.size()); }
val vector_to_js(const VectorF& v) { return copy_out("Float32Array", v.data(), v.size()); }

val matrices_to_js(const std::vector<Matrix>& list) {
  val out = val::array();
  for (const Matrix& m : list) out.call<void>("push", matrix_to_js(m));
  return out;
}

namespace {
template <typename Result>
val write_attention(const Result& r) {
  val out = val::object();
  out.set("output", matrix_to_js(r.output));
  out.set("weights", matrix_to_js(r.weights));
  out.set("scores", matrix_to_js(r.scores));
  out.set("rowSums", vector_to_js(r.row_sums));
  return out;
}
}  // namespace

val attention_to_js(const AttentionResult& r) { return write_attention(r); }
val attention_to_js(const AttentionResultF& r) { return write_attention(r); }

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

val error_to_js(const std::string& message, const std::string& field) {
  val out = val::object();
  out.set("error", message);
  if (!field.empty()) out.set("field", field);
  return out;
}

std::string js_field(const std::string& core_name) {
  static const std::pair<const char*, const char*> kNames[] = {
      {"d_model", "dModel"}, {"pe_strength", "positional"}, {"slope_scale", "slopeScale"},
      {"number of words", "words"}, {"number of marks", "marked"}, {"marks", "marked"}, {"width", "widths"},
  };
  for (const auto& [core, js] : kNames)
    if (core_name == core) return js;
  return core_name;
}

}  // namespace atlas::wasm
