// trainerLoop(scope, coreReady, sliceMs): the training session of section 13 as a
// message loop. The same function runs in all three modes (./start.js): in a
// worker file (scope = self), in a Blob-URL worker, and on the page itself
// (scope = one end of ./page-port.js). It trains in slices of about sliceMs
// (a step at a time, then setTimeout(0)), so messages (Pause, a new learning
// rate) are handled between slices and, on the page, the browser can draw.
//
// Self-contained on purpose: the Blob worker's script is this function's own
// text (Function.prototype.toString), so it refers to nothing outside itself.
//
// In:  { type: 'create', options, field }  new run (the old trainer is disposed)
//      { type: 'run', rate, until }  train at `rate` steps per second (0: as fast as it
//        can), pausing by itself once step `until` is done (0: never)
//      { type: 'speed', rate }  a new rate for the run | { type: 'pause' } | { type: 'step', steps }
//      { type: 'learningRate', value, field } | { type: 'ablate', layer, head, off, field }
//      { type: 'restore', bytes, field }  continue a run from a checkpoint (t.save() bytes)
// Out: { type: 'ready' } once the core has started | { type: 'failed', message }
//      { type: 'created', config, evaluation } (also after 'restore', with restored: true)
//      { type: 'checkpoint', step, bytes }  the run saved every `keep` (100) steps and
//        on Pause, so the page can carry it on elsewhere if this worker dies
//      { type: 'evaluation', evaluation, result, running, ablation, reached }
//        (result: the last StepResult or null; a stopped result carries the message;
//        reached: the run paused itself at `until`)
//      { type: 'study', study }  trainer.ablation() at the current step, posted whenever
//        the run comes to rest (created, paused, stepped, a head switched, paused at `until`)
//      { type: 'error', message, field, option }  (field: the control the message was
//        about; option: the option the core's Error names, error.field, if any)
// Evaluations are kept at every multiple of `every` steps while running: 25, or 5
// in slow motion (at most 20 steps per second), so the figures still move often.
export function trainerLoop(scope, coreReady, sliceMs) {
  var keep = 100;
  var core = null;
  var trainer = null;
  var running = false;
  var timer = null;
  var rate = 0; // steps per second, 0: as fast as it can
  var until = 0;
  var pace = { since: 0, steps: 0 }; // steps done since `since` (ms) at this rate

  function every() { return rate > 0 && rate <= 20 ? 5 : 25; }
  function setRate(r) {
    rate = r > 0 ? r : 0;
    pace = { since: Date.now(), steps: 0 };
  }

  function post(message) { scope.postMessage(message); }

  // The bytes move to the page (transferred, not copied).
  function checkpoint(step) {
    var bytes = trainer.save();
    scope.postMessage({ type: 'checkpoint', step: step, bytes: bytes }, [bytes.buffer]);
  }

  function report(result, ablation, reached) {
    var evaluation = trainer.evaluate();
    post({ type: 'evaluation', evaluation: evaluation, result: result, running: running, ablation: Boolean(ablation),
      reached: Boolean(reached) });
    return evaluation;
  }

  function study() {
    post({ type: 'study', study: trainer.ablation() });
  }

  // Steps the rate allows now (Infinity at full speed). A loop held back (a throttled
  // timer) does not catch up in a burst: more than a second behind, the pace starts again.
  function budget() {
    if (rate === 0) return Infinity;
    var behind = Math.floor((Date.now() - pace.since) * rate / 1000) - pace.steps;
    if (behind > rate) {
      setRate(rate);
      return 1;
    }
    return behind;
  }

  function slice() {
    timer = null;
    if (!running || !trainer) return;
    var allowed = budget();
    if (allowed < 1) {
      timer = setTimeout(slice, Math.max(1, Math.ceil(1000 / rate)));
      return;
    }
    var start = Date.now();
    var result = null;
    var done = 0;
    do {
      result = trainer.step(1);
      done += 1;
    } while (!result.stopped && result.step % every() !== 0 && result.step !== until && done < allowed
      && Date.now() - start < sliceMs);
    pace.steps += done;
    var reached = !result.stopped && result.step === until;
    if (result.stopped || reached) running = false;
    if (result.stopped || reached || result.step % every() === 0) report(result, false, reached);
    if (!result.stopped && (reached || result.step % keep === 0)) checkpoint(result.step);
    if (reached) study();
    if (running) timer = setTimeout(slice, 0);
  }

  function pause() {
    running = false;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function replace(make, restored) {
    pause();
    if (trainer) trainer.dispose();
    trainer = null;
    trainer = make();
    post({ type: 'created', config: trainer.config, evaluation: trainer.evaluate(), restored: restored });
    study();
  }

  var handlers = {
    create: function (m) {
      replace(function () { return core.createTrainer(m.options); }, false);
    },
    restore: function (m) {
      replace(function () { return core.loadTrainer(m.bytes); }, true);
    },
    run: function (m) {
      if (!trainer || running) return;
      until = m.until > 0 ? m.until : 0;
      setRate(m.rate);
      running = true;
      timer = setTimeout(slice, 0);
    },
    speed: function (m) {
      setRate(m.rate);
    },
    pause: function () {
      pause();
      if (!trainer) return;
      checkpoint(report(null, false).step);
      study();
    },
    step: function (m) {
      if (!trainer || running) return;
      report(trainer.step(m.steps), false);
      study();
    },
    learningRate: function (m) {
      if (trainer) trainer.setLearningRate(m.value);
    },
    ablate: function (m) {
      if (!trainer) return;
      trainer.ablate(m.layer, m.head, m.off);
      report(null, true);
      study();
    },
  };

  scope.addEventListener('message', function (event) {
    var m = event.data;
    var handler = m && handlers[m.type];
    if (!handler || !core) return;
    try {
      handler(m);
    } catch (error) {
      post({ type: 'error', message: error && error.message ? error.message : String(error), field: m.field || 'run',
        option: error && error.field ? error.field : null });
    }
  });

  coreReady.then(function (c) {
    core = c;
    post({ type: 'ready' });
  }, function (error) {
    post({ type: 'failed', message: error && error.message ? error.message : String(error) });
  });
}
