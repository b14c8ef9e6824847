// The JS facade of the core: createAttentionCore() resolves to the public API
// of design.md. Each *-api.js module contributes one area's functions; add a
// module and one line below to grow the API.
import { coreApi } from './core-api.js';
import { entropyApi } from './entropy-api.js';
import { layersApi } from './layers-api.js';

export function wrapFactory(rawFactory) {
  return async function createAttentionCore(moduleOverrides) {
    const raw = await rawFactory(moduleOverrides || {});
    return Object.freeze({
      ...coreApi(raw),
      ...layersApi(raw),
      ...entropyApi(raw),
    });
  };
}
