// trainerRunner(core, { onMessage, onMode, onCarryOn, onCarriedOn }): where section 13's
// trainer runs, and what happens when that place dies. It starts the training
// loop the best way the page allows (../worker/start.js), keeps the run's latest
// checkpoint (every 100 steps and on Pause), and, when a worker dies (an error
// event, or silence for QUIET_MS while it should be training), replaces it by
// training on the page itself, carried on from that checkpoint:
//   onMode(mode, line)    the mode ('worker' | 'blob' | 'page') and the line that says it
//   onCarryOn()           the worker died; the page is taking the run over
//   onCarriedOn(restored) the page has taken over (restored: a checkpoint was sent
//                         to it; false: there was none, the caller starts a new run)
//   onMessage(m)          every message of the loop (../worker/loop.js)
// -> { start(): Promise, send(message), watch(on): whether the loop should be
//      talking (training) now, forget(): a new run has no checkpoint yet,
//      checkpoint: the run's latest { step, bytes } or null }
import { startTrainer, startOnPage, MODE_LABELS } from '../worker/start.js';

// A running worker reports every 25 steps, well under a second here; this much silence means it died.
const QUIET_MS = 10000;

export function trainerRunner(core, { onMessage, onMode, onCarryOn, onCarriedOn }) {
  let runner = null;
  let checkpoint = null; // { step, bytes }
  let watching = false;
  let watchdog = 0;

  // While the loop should be training, each message re-arms the watchdog.
  function listen() {
    clearTimeout(watchdog);
    if (watching && runner && runner.mode !== 'page') watchdog = setTimeout(() => carryOn('it stopped answering'), QUIET_MS);
  }

  function receive(m) {
    listen();
    if (m.type === 'checkpoint') checkpoint = m;
    onMessage(m);
  }

  async function carryOn(why) {
    if (!runner || runner.mode === 'page') return;
    runner.stop();
    runner = null;
    clearTimeout(watchdog);
    onCarryOn();
    runner = await startOnPage(core, receive);
    onMode(runner.mode, `The training worker stopped (${why}). ${MODE_LABELS.page}, `
      + `carrying the run on from step ${checkpoint ? checkpoint.step : 0}.`);
    if (checkpoint) runner.send({ type: 'restore', bytes: checkpoint.bytes, field: 'run' });
    onCarriedOn(Boolean(checkpoint));
  }

  return {
    async start() {
      runner = await startTrainer(core, receive);
      runner.onDeath = (why) => carryOn(`it reported “${why}”`);
      onMode(runner.mode, `${runner.label}.`);
    },
    send(message) {
      runner?.send(message);
    },
    watch(on) {
      watching = on;
      listen();
    },
    forget() {
      checkpoint = null;
    },
    get checkpoint() {
      return checkpoint;
    },
  };
}
