// Appended after export.js (--extern-post-js). createAttentionCore.workerSource()
// returns the text of a classic script that defines createAttentionCore again,
// rebuilt from the functions' own text (Function.prototype.toString): the
// Emscripten factory, with the wasm bytes inside it (SINGLE_FILE), and the facade
// (its bundle is wrapped in the named function atlasFacadeFactory, see
// CMakeLists.txt). A page can put that text in a Blob and start a Web Worker
// from it where a worker file cannot start (file://, a sandboxed frame), without
// downloading attention-core.js a second time. Nothing here is evaluated: the
// text only ever runs as a worker's script.
createAttentionCore.workerSource = function workerSource() {
  return [
    'var _scriptDir = undefined;',
    'var createAttentionCoreWasm = (' + createAttentionCoreWasm.toString() + ');',
    atlasFacadeFactory.toString(),
    'var atlasFacade = atlasFacadeFactory();',
    'var createAttentionCore = atlasFacade.wrapFactory(createAttentionCoreWasm);',
  ].join('\n');
};
