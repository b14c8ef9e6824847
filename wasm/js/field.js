// error.field: the option or argument an Error is about (the page puts its
// message beside that control). named(name, check) runs a check and marks the
// Error it throws, unless a deeper check has named it already; withField(name,
// check) always marks it with name, for a check whose own name is more precise
// than the option the page shows it beside ('ns[3]' -> 'ns').
export function named(name, check) {
  try {
    return check();
  } catch (error) {
    if (error instanceof Error && error.field === undefined) error.field = name;
    throw error;
  }
}

// The checks of an options object, each under its own name: { key: () => value }
// -> { key: value }, the first failing check's Error marked with its key.
export function namedOptions(checks) {
  return Object.fromEntries(Object.entries(checks).map(([key, check]) => [key, named(key, check)]));
}

export function withField(name, check) {
  try {
    return check();
  } catch (error) {
    error.field = name;
    throw error;
  }
}
