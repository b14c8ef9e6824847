// The raw bindings return {error: message} (and {field} when the core named the
// argument: wasm/adapters.hpp) instead of throwing; this turns that into a JS
// Error whose `field` is the core's, else `field` (the option the call is
// about), and passes results through.
import { argumentError } from './args.js';

export function unwrap(result, field) {
  if (result && typeof result.error === 'string') throw argumentError(result.field ?? field, result.error);
  return result;
}
