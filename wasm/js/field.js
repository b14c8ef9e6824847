// error.field for the functions of sections 17 and 18: the option an Error is
// about, so the page can show the message beside that control.
//   withField('blockRows', () => arg.integer(...))   rethrows with error.field = 'blockRows'
//   fieldError('sinks', message)                      a new Error with error.field = 'sinks'
export function fieldError(name, message) {
  const error = new Error(message);
  error.field = name;
  return error;
}

export function withField(name, check) {
  try {
    return check();
  } catch (error) {
    error.field = name;
    throw error;
  }
}
