// JS <-> core adapters for the Embind bindings.
//
// Matrices cross the boundary as plain objects {rows, cols, data} (row-major).
// The JS facade (wasm/js/) has already checked that an argument is such an
// object with rows * cols numbers, so the adapters only copy; the core checks
// shapes, finiteness and ranges and throws std::invalid_argument with a message
// that names the argument. `guarded` turns that exception into {error: message},
// and an ArgumentError (check.hpp) into {error, field} with the option's JS name,
// which the facade rethrows as a JS Error: the module never aborts on bad input.
// Copies are whole-array: an input's data (array or typed array) is written
// straight into the matrix's storage with one TypedArray.set on a view of WASM
// memory (converting to double or float there); an output is one
// `new Float64Array(view)` / `new Float32Array(view)`, a memcpy out of WASM
// memory into a fresh array, never a live view (a view detaches when memory
// grows). No per-element calls across the boundary.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/check.hpp"
#include "atlas/attention/matrix.hpp"
#include "atlas/attention/self_attention.hpp"

namespace atlas::wasm {

using emscripten::val;

Matrix matrix_from_js(const val& m, const std::string& name);
MatrixF matrixf_from_js(const val& m, const std::string& name);  // float32: the fast path
val matrix_to_js(const Matrix& m);   // data: Float64Array
// As matrix_to_js, but with `reuse`, a Float64Array (an earlier result's data the page no
// longer shows) or null: data is then a view of m.size() numbers on reuse's buffer from its
// start when the buffer has room, else on a new buffer with room for twice as many. A fresh
// typed array in Chromium costs its pages on first write (about 2.5 ms a megabyte; the 2 MB
// similarity matrix at n = 512: 5 ms), filling one already written 0.1 ms; with room to
// spare, a slider moving n up makes a new buffer every few steps, not at every one.
val matrix_to_js(const Matrix& m, const val& reuse);
val matrix_to_js(const MatrixF& m);  // data: Float32Array
val vector_to_js(const Vector& v);
val vector_to_js(const VectorF& v);
val matrices_to_js(const std::vector<Matrix>& list);  // -> Matrix[]

// An attention result -> { output, weights, scores, rowSums } (Float64Array or
// Float32Array data, as the result's scalar), the shape every attention-returning
// function shares; callers add their own fields (X, Q, K, V, ...).
val attention_to_js(const AttentionResult& r);
val attention_to_js(const AttentionResultF& r);
std::vector<std::string> strings_from_js(const val& list);
val strings_to_js(const std::vector<std::string>& list);

// Seeds arrive as JS numbers; the facade has checked they are integers in 0..2^32-1.
std::uint64_t seed_from_js(const val& seed);

// {dModel, seed, positional, projection: 'random' | 'identity', causal?} with the
// facade's defaults filled in -> the core's options.
SelfAttentionOptions self_attention_options_from_js(const val& options);

// {error: message} or, when field is not empty, {error, field}: the facade throws
// new Error(message) with error.field = field (the option's JS name).
val error_to_js(const std::string& message, const std::string& field = "");

// The JS option name of a core argument name (d_model -> dModel, ...); others as they are.
std::string js_field(const std::string& core_name);

// Runs fn() and returns its val, or error_to_js(what) if it throws. Running out
// of memory says so for people (bad_alloc's own what() is "std::bad_alloc").
template <typename Fn>
val guarded(Fn&& fn) {
  try {
    return fn();
  } catch (const ArgumentError& e) {
    return error_to_js(e.what(), js_field(e.field()));
  } catch (const std::bad_alloc&) {
    return error_to_js("out of memory: the result of this call does not fit in the page's memory; ask for less");
  } catch (const std::exception& e) {
    return error_to_js(e.what());
  }
}

}  // namespace atlas::wasm
