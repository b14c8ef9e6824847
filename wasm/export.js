// Appended after the two engines and the facade bundle (CMakeLists.txt
// assembles dist/attention-core.js): exposes the public factory as a
// classic-script global and as Node's module.exports, choosing the SIMD or the
// scalar engine when it is called (wasm/js/engines.js).
var createAttentionCore = atlasFacade.wrapEngines({
  simd: function () { return createAtlasEngineSimd; },
  scalar: function () { return createAtlasEngineScalar; },
});
if (typeof module === 'object' && module && module.exports) {
  module.exports = createAttentionCore;
}
