// dist/trainer-worker.js: the worker file (mode 1 of ./start.js). It loads the
// full engine (the trainer is not in the lean one) from the same folder, of
// the kind the page runs (simd or scalar, in the address's fragment; detected
// here if missing), wraps it in the facade bundled into this file, and runs the
// training loop; slices of 50 ms keep Pause responsive without the cost of a
// message per step. importScripts decodes the engine as UTF-8, as its packed
// wasm string needs (wasm/pack-engine.mjs).
import { trainerLoop } from './loop.js';
import { wrapEngines, defaultEngine } from '../../../wasm/js/engines.js';
import { ENGINES, engineFile } from '../engine-files.js';

/* global importScripts */
const asked = self.location.hash.slice(1);
const engine = ENGINES.includes(asked) ? asked : defaultEngine();
const { file, global } = engineFile(engine, 'full');
importScripts(file);
trainerLoop(self, wrapEngines({ [engine]: () => self[global] })({ engine }), 50);
