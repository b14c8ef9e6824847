// The API modules of a full engine's trainer and trained model. They travel with the
// full engines (wasm/pack-engine.mjs gives each <factory>.facade(), the facade bundle
// of ./facade.js, whose fullApis this is), not in the page's first-paint facade.
import { trainerApi } from './trainer-api.js';
import { modelApi } from './model-api.js';

export const fullApis = { trainerApi, modelApi };
