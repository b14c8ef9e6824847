#include "api_entropy.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/lessons/dirichlet.hpp"
#include "atlas/attention/entropy.hpp"
#include "atlas/lessons/entropy_examples.hpp"
#include "atlas/attention/temperature.hpp"

namespace atlas::wasm {
namespace {

// The rows, their entropies and the ceiling ln n (the entropy of a uniform row).
val rows_to_js(const Matrix& weights) {
  val out = val::object();
  out.set("weights", matrix_to_js(weights));
  out.set("entropy", vector_to_js(entropy(weights)));
  out.set("maxEntropy", uniform_entropy(static_cast<int>(weights.cols())));
  return out;
}

}  // namespace

val focus_rows_js(int n) {
  return guarded([&] {
    val out = rows_to_js(focus_rows(n));
    out.set("names", strings_to_js({"focused", "moderate", "uniform"}));
    return out;
  });
}

val dirichlet_rows_js(int rows, int n, double concentration, double seed) {
  return guarded([&] {
    return rows_to_js(dirichlet_rows(rows, n, concentration, static_cast<std::uint64_t>(seed)));
  });
}

val temperature_row_js(int n, double temperature) {
  return guarded([&] {
    const Matrix scores = ramp_scores(n);
    val out = rows_to_js(softmax_temperature(scores, temperature));
    out.set("entropy", out["entropy"][0]);
    out.set("scores", matrix_to_js(scores));
    return out;
  });
}

}  // namespace atlas::wasm
