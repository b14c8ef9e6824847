#include "api_rope.hpp"

#include "atlas/attention/rope.hpp"
#include "atlas/lessons/rope_lesson.hpp"

namespace atlas::wasm {

val rotary_js(const val& X, const val& positions, double base, double scale) {
  return guarded([&] {
    const Vector p = matrix_from_js(positions, "positions").col(0);  // (n x 1) from the facade
    return matrix_to_js(rope_rotate(matrix_from_js(X, "X"), p, base, scale));
  });
}

val rotary_lesson_js(const val& options) {
  return guarded([&] {
    RopeLessonOptions o;
    o.d = options["d"].as<int>();
    o.base = options["base"].as<double>();
    o.offset = options["offset"].as<int>();
    o.seed = seed_from_js(options["seed"]);
    o.scale = options["scale"].as<double>();
    o.pair = options["pair"].as<int>();
    o.positions = options["positions"].as<int>();
    o.decay_offsets = options["decayOffsets"].as<int>();
    const RopeLessonResult r = rope_lesson(o);
    val out = val::object();
    out.set("q", vector_to_js(r.q));
    out.set("k", vector_to_js(r.k));
    out.set("theta", vector_to_js(r.theta));
    out.set("qPair", matrix_to_js(r.q_pair));
    out.set("kPair", matrix_to_js(r.k_pair));
    out.set("scores", matrix_to_js(r.scores));
    out.set("diagonalSpread", r.diagonal_spread);
    out.set("decayBound", vector_to_js(r.decay_bound));
    val by = val::object();
    by.set("sinusoidal", vector_to_js(r.sinusoidal));
    by.set("alibi", vector_to_js(r.alibi));
    by.set("rope", vector_to_js(r.rope));
    out.set("byDistance", by);
    return out;
  });
}

}  // namespace atlas::wasm
