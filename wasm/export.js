// Appended after the Emscripten module and the facade bundle (--extern-post-js):
// exposes the public factory as a classic-script global and as Node's
// module.exports, replacing the raw Emscripten factory in both places.
var createAttentionCore = atlasFacade.wrapFactory(createAttentionCoreWasm);
if (typeof module === 'object' && module && module.exports) {
  module.exports = createAttentionCore;
}
