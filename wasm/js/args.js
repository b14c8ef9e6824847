// Argument checks for the public API. Each throws an Error whose message names
// the argument and says what was expected, and whose `field` is the option it
// concerns ('n', 'dModel', 'words', ...: the top-level name, so 'words[3]' and
// 'Q.data' give 'words' and 'Q'), before anything reaches WASM. The ranges are
// the core's (core.limits, read from wasm/api_limits.cpp); shape agreement
// between arguments and finiteness are checked by the core; these checks cover
// what only JS can see: types, missing fields, data length.

// The largest integer that reaches C++ as an int unchanged: for an index the core checks
// against the object's own shape (a trainer's or a model's layer and head), so its
// message names that shape's range.
export const INT_MAX = 2 ** 31 - 1;

// -> an Error with error.field = the top-level option of `name`.
export function argumentError(name, message) {
  const error = new Error(message);
  error.field = String(name).replace(/[.[].*$/, '');
  return error;
}

export function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

export function integer(value, name, lo, hi) {
  if (!Number.isInteger(value) || value < lo || value > hi) {
    throw argumentError(name, `${name} must be an integer from ${lo} to ${hi}; got ${describe(value)}`);
  }
  return value;
}

export function number(value, name, lo = -Infinity, hi = Infinity) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < lo || value > hi) {
    const range = Number.isFinite(lo) ? ` from ${lo} to ${hi}` : '';
    throw argumentError(name, `${name} must be a finite number${range}; got ${describe(value)}`);
  }
  return value;
}

export function boolean(value, name) {
  if (typeof value !== 'boolean') throw argumentError(name, `${name} must be true or false; got ${describe(value)}`);
  return value;
}

export function seed(value, limits, name = 'seed') {
  return integer(value, name, 0, limits.maxSeed);
}

export function oneOf(value, name, choices) {
  if (!choices.includes(value)) {
    throw argumentError(name, `${name} must be one of ${choices.map((c) => `'${c}'`).join(', ')}; got ${describe(value)}`);
  }
  return value;
}

// Matrix = {rows, cols, data}: data row-major, an array or typed array of rows * cols numbers.
export function matrix(value, name) {
  if (value === null || typeof value !== 'object') {
    throw argumentError(name, `${name} must be a matrix {rows, cols, data}; got ${describe(value)}`);
  }
  const { rows, cols, data } = value;
  if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(cols) || cols < 1) {
    throw argumentError(name, `${name}.rows and ${name}.cols must be positive integers; got ${describe(rows)} x ${describe(cols)}`);
  }
  const isArrayLike = Array.isArray(data) || ArrayBuffer.isView(data);
  if (!isArrayLike || data.length !== rows * cols) {
    const got = isArrayLike ? `${data.length} values` : describe(data);
    throw argumentError(name, `${name}.data must hold rows * cols = ${rows * cols} numbers (${name} is ${rows} x ${cols}); got ${got}`);
  }
  if (Array.isArray(data)) {
    const bad = data.findIndex((x) => typeof x !== 'number');
    if (bad >= 0) throw argumentError(name, `${name}.data[${bad}] is ${describe(data[bad])}; expected a number`);
  }
  return { rows, cols, data };
}

// An array of 1..max entries, or an Error naming `name`; `what` says what the entries are.
export function list(value, name, max, what) {
  if (!Array.isArray(value) || value.length < 1 || value.length > max) {
    throw argumentError(name, `${name} must be an array of 1 to ${max} ${what}; got ${describe(value)}`);
  }
  return value;
}

export function words(value, limits, name = 'words') {
  list(value, name, limits.maxWords, 'words');
  value.forEach((w, i) => {
    if (typeof w !== 'string' || w.length === 0) {
      throw argumentError(name, `${name}[${i}] must be a non-empty string; got ${describe(w)}`);
    }
  });
  return value;
}

export function text(value, name) {
  if (typeof value !== 'string') throw argumentError(name, `${name} must be a string; got ${describe(value)}`);
  return value;
}

export function options(value, name) {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw argumentError(name, `${name} must be an object of options; got ${describe(value)}`);
  }
  return value;
}

// The options of the sentence pipeline (selfAttention and the functions built on
// it): {dModel, seed (limits.sentenceDefaults), positional, projection = 'random', causal = false}.
export function sentenceOptions(value, limits, defaultPositional = 0) {
  const o = options(value, 'options');
  return {
    dModel: integer(o.dModel ?? limits.sentenceDefaults.dModel, 'dModel', 1, limits.maxModel),
    seed: seed(o.seed ?? limits.sentenceDefaults.seed, limits),
    positional: number(o.positional ?? defaultPositional, 'positional', 0, limits.maxPositional),
    projection: oneOf(o.projection ?? 'random', 'projection', ['random', 'identity']),
    causal: Boolean(o.causal),
  };
}
