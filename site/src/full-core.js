// loadFullCore(core) -> Promise of the full core: the same engine kind as
// `core` (SIMD or scalar) with the trainer and the trained model, which the
// lean engine of the first paint leaves out (CMakeLists.txt). The page obtains
// the full core only through this function: the trained views (trained/load.js)
// and section 13 on the page (worker/start.js). The first call loads
// atlas-engine-<engine>-full.js (site/src/core-loader.js); every later call for
// the same core gets the same promise. A core that is already full is its own
// full core.
const started = new WeakMap();

export function loadFullCore(core) {
  if (core.full) return Promise.resolve(core);
  if (!started.has(core)) {
    const loading = window.createAttentionCore({ engine: core.engine, full: true });
    started.set(core, loading);
    loading.catch(() => started.delete(core));
  }
  return started.get(core);
}
