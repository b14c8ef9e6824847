// The JS facade of the core: createAttentionCore() resolves to the public API
// of docs/api.md. Each *-api.js module contributes one area's functions; add a
// module and one line below to grow the API.
import { coreApi } from './core-api.js';
import { orderApi } from './order-api.js';
import { headsApi } from './heads-api.js';
import { crossApi } from './cross-api.js';
import { headRolesApi } from './head-roles-api.js';
import { distanceApi } from './distance-api.js';
import { entropyApi } from './entropy-api.js';
import { layersApi } from './layers-api.js';
import { traceApi } from './trace-api.js';
import { tilingApi } from './tiling-api.js';
import { windowsApi } from './windows-api.js';
import { fullOnly } from './full-only.js';

// extra: properties put on the API object as they are (engines.js adds `engine`).
// `full` says whether the engine has the trainer and the trained model (the
// bindings of wasm/bindings_model.cpp); their API is fullApis ({ trainerApi,
// modelApi }: ./full-apis.js, which a full engine brings). On a lean engine their
// functions throw a clear Error (./full-only.js).
export function wrapFactory(rawFactory, extra = {}, fullApis = null) {
  return async function createAttentionCore(moduleOverrides) {
    const raw = await rawFactory(moduleOverrides || {});
    const full = typeof raw.TrainerHandle === 'function' && typeof raw.ModelHandle === 'function';
    if (full && !fullApis) throw new Error('a full engine came without its trainer and model API (<factory>.facade)');
    const model = full ? { ...fullApis.trainerApi(raw), ...fullApis.modelApi(raw) } : fullOnly();
    return Object.freeze({
      ...extra,
      full,
      ...coreApi(raw),
      ...orderApi(raw),
      ...headsApi(raw),
      ...crossApi(raw),
      ...headRolesApi(raw),
      ...distanceApi(raw),
      ...layersApi(raw),
      ...model,
      ...entropyApi(raw),
      ...traceApi(raw),
      ...tilingApi(raw),
      ...windowsApi(raw),
    });
  };
}
