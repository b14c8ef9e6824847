// The raw bindings return {error: message} instead of throwing (see
// wasm/adapters.hpp); this turns that into a JS Error and passes results through.
export function unwrap(result) {
  if (result && typeof result.error === 'string') throw new Error(result.error);
  return result;
}
