// dist/trainer-worker.js: the worker file (mode 1 of ./start.js). It loads the
// core from the same folder and runs the training loop; slices of 50 ms keep
// Pause responsive without the cost of a message per step.
import { trainerLoop } from './loop.js';

/* global importScripts, createAttentionCore */
importScripts('attention-core.js');
trainerLoop(self, createAttentionCore(), 50);
