// Included by --pre-js inside the Emscripten factory function, where this
// local `fetch` shadows the browser's. Why: with SINGLE_FILE the wasm is a
// base64 data: URI inside attention-core.js, yet Emscripten 3.1.6 still tries
// fetch(dataURI) first (then falls back to decoding it). Under a strict
// Content-Security-Policy (connect-src 'self') that fetch is a reported
// violation. With no fetch in scope Emscripten decodes the embedded bytes
// directly; it uses fetch for nothing else here (-sFILESYSTEM=0).
var fetch = undefined;
