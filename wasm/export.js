// Appended after the two full engines and the facade bundle (CMakeLists.txt
// assembles dist/attention-core.js): exposes the public factory as a
// classic-script global and as Node's module.exports, choosing the SIMD or the
// scalar engine when it is called (wasm/js/engines.js). Both engines are full
// (trainer and trained model included; their API is the facade bundle's fullApis),
// so `full: true` changes nothing here.
var createAttentionCore = atlasFacade.wrapEngines({
  simd: function () { return createAtlasEngineSimdFull; },
  scalar: function () { return createAtlasEngineScalarFull; },
}, undefined, atlasFacade.fullApis);
if (typeof module === 'object' && module && module.exports) {
  module.exports = createAttentionCore;
}
