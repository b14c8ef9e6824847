// Argument checks for the public API. Each throws an Error whose message names
// the argument and says what was expected, before anything reaches WASM.
// Shape agreement between arguments, finiteness and numeric ranges are checked
// by the core (one source of truth); these checks cover what only JS can see:
// types, missing fields, data length.

const MAX_WORDS = 64;

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

export function integer(value, name, lo, hi) {
  if (!Number.isInteger(value) || value < lo || value > hi) {
    throw new Error(`${name} must be an integer from ${lo} to ${hi}; got ${describe(value)}`);
  }
  return value;
}

export function number(value, name, lo = -Infinity, hi = Infinity) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < lo || value > hi) {
    const range = Number.isFinite(lo) ? ` from ${lo} to ${hi}` : '';
    throw new Error(`${name} must be a finite number${range}; got ${describe(value)}`);
  }
  return value;
}

export function seed(value, name = 'seed') {
  return integer(value, name, 0, 0xffffffff);
}

export function oneOf(value, name, choices) {
  if (!choices.includes(value)) {
    throw new Error(`${name} must be one of ${choices.map((c) => `'${c}'`).join(', ')}; got ${describe(value)}`);
  }
  return value;
}

// Matrix = {rows, cols, data}: data row-major, an array or typed array of rows * cols numbers.
export function matrix(value, name) {
  if (value === null || typeof value !== 'object') {
    throw new Error(`${name} must be a matrix {rows, cols, data}; got ${describe(value)}`);
  }
  const { rows, cols, data } = value;
  if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(cols) || cols < 1) {
    throw new Error(`${name}.rows and ${name}.cols must be positive integers; got ${describe(rows)} x ${describe(cols)}`);
  }
  const isArrayLike = Array.isArray(data) || ArrayBuffer.isView(data);
  if (!isArrayLike || data.length !== rows * cols) {
    const got = isArrayLike ? `${data.length} values` : describe(data);
    throw new Error(`${name}.data must hold rows * cols = ${rows * cols} numbers (${name} is ${rows} x ${cols}); got ${got}`);
  }
  if (Array.isArray(data)) {
    const bad = data.findIndex((x) => typeof x !== 'number');
    if (bad >= 0) throw new Error(`${name}.data[${bad}] is ${describe(data[bad])}; expected a number`);
  }
  return { rows, cols, data };
}

export function words(value, name = 'words') {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_WORDS) {
    throw new Error(`${name} must be an array of 1 to ${MAX_WORDS} words; got ${describe(value)}`);
  }
  value.forEach((w, i) => {
    if (typeof w !== 'string' || w.length === 0) {
      throw new Error(`${name}[${i}] must be a non-empty string; got ${describe(w)}`);
    }
  });
  return value;
}

export function text(value, name) {
  if (typeof value !== 'string') throw new Error(`${name} must be a string; got ${describe(value)}`);
  return value;
}

export function options(value, name) {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${name} must be an object of options; got ${describe(value)}`);
  }
  return value;
}

// The options of the sentence pipeline (selfAttention and the functions built on
// it): {dModel = 16, seed = 1, positional, projection = 'random', causal = false}.
export function sentenceOptions(value, defaultPositional = 0) {
  const o = options(value, 'options');
  return {
    dModel: integer(o.dModel ?? 16, 'dModel', 1, 1024),
    seed: seed(o.seed ?? 1),
    positional: number(o.positional ?? defaultPositional, 'positional', 0, 10),
    projection: oneOf(o.projection ?? 'random', 'projection', ['random', 'identity']),
    causal: Boolean(o.causal),
  };
}
