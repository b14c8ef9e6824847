// Entry of the facade bundle (CMakeLists.txt: the global atlasFacade): the engines'
// wrapper and, for full engines, the trainer and model APIs (./full-apis.js).
export { wrapEngines, defaultEngine, unpackWasm, packedFactory } from './engines.js';
export { fullApis } from './full-apis.js';
