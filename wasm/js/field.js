// withField(name, check): runs an argument check and rethrows its Error with
// error.field = name, for a check whose own name is more precise than the option
// the page shows it beside ('ns[3]' -> 'ns', a block size -> 'blockRows').
export function withField(name, check) {
  try {
    return check();
  } catch (error) {
    error.field = name;
    throw error;
  }
}
