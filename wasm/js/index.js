// The JS facade of the core: createAttentionCore() resolves to the public API
// of docs/api.md. Each *-api.js module contributes one area's functions (named
// after the section it serves); add a module and one line below to grow the API.
// Every module gets the raw module and the core's limits (raw.limits():
// wasm/api_limits.hpp), which the core object also carries as core.limits, with
// core.trainerDefaults; no limit or default of the core is written again here.
import { coreApi } from './core-api.js';
import { patternsApi } from './patterns-api.js';
import { multiHeadApi } from './multi-head-api.js';
import { positionApi } from './position-api.js';
import { causalApi } from './causal-api.js';
import { crossApi } from './cross-api.js';
import { headRolesApi } from './head-roles-api.js';
import { distanceApi } from './distance-api.js';
import { entropyApi } from './entropy-api.js';
import { layersApi } from './layers-api.js';
import { traceApi } from './trace-api.js';
import { ropeApi } from './rope-api.js';
import { groupedQueryApi } from './grouped-query-api.js';
import { tilingApi } from './tiling-api.js';
import { windowsApi } from './windows-api.js';
import { fullOnly } from './full-only.js';
import { firstOnly } from './first-only.js';
import { argumentError } from './args.js';

function deepFreeze(value) {
  if (value && typeof value === 'object') Object.values(value).forEach(deepFreeze);
  return Object.freeze(value);
}

// extra: properties put on the API object as they are (engines.js adds `engine`).
// `full` says whether the engine has the trainer and the trained model (the
// bindings of wasm/bindings_model.cpp); their API is fullApis ({ trainerApi,
// modelApi }: ./full-apis.js, which a full engine brings). On a lean engine their
// functions throw a clear Error (./full-only.js). `first` says whether it is the
// first engine, without attention and the lessons beyond section 1's
// (wasm/bindings_first.cpp): the others throw a clear Error (./first-only.js).
export function wrapFactory(rawFactory, extra = {}, fullApis = null) {
  return async function createAttentionCore(moduleOverrides) {
    const bound = await rawFactory(moduleOverrides || {});
    const first = typeof bound.attention !== 'function';
    const raw = first ? firstOnly(bound) : bound;
    const full = typeof bound.TrainerHandle === 'function' && typeof bound.ModelHandle === 'function';
    if (full && !fullApis) throw argumentError('full', 'a full engine came without its trainer and model API (<factory>.facade)');
    const limits = deepFreeze(raw.limits());
    const { trainerDefaults } = limits;
    const model = full ? { ...fullApis.trainerApi(raw, limits), ...fullApis.modelApi(raw, limits) } : fullOnly();
    return Object.freeze({
      ...extra,
      full,
      first,
      limits,
      trainerDefaults,
      ...coreApi(raw, limits),
      ...patternsApi(raw, limits),
      ...multiHeadApi(raw, limits),
      ...positionApi(raw, limits),
      ...causalApi(raw, limits),
      ...crossApi(raw, limits),
      ...headRolesApi(raw, limits),
      ...distanceApi(raw, limits),
      ...layersApi(raw, limits),
      ...model,
      ...entropyApi(raw, limits),
      ...traceApi(raw, limits),
      ...ropeApi(raw, limits),
      ...groupedQueryApi(raw, limits),
      ...tilingApi(raw, limits),
      ...windowsApi(raw, limits),
    });
  };
}
