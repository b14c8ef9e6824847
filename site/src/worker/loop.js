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
//      { type: 'run' } | { type: 'pause' } | { type: 'step', steps }
//      { type: 'learningRate', value, field } | { type: 'ablate', layer, head, off, field }
//      { type: 'restore', bytes, field }  continue a run from a checkpoint (t.save() bytes)
// Out: { type: 'ready' } once the core has started | { type: 'failed', message }
//      { type: 'created', config, evaluation } (also after 'restore', with restored: true)
//      { type: 'checkpoint', step, bytes }  the run saved every `keep` (100) steps and
//        on Pause, so the page can carry it on elsewhere if this worker dies
//      { type: 'evaluation', evaluation, result, running, ablation }
//        (result: the last StepResult or null; a stopped result carries the message)
//      { type: 'error', message, field }  (field: the control that caused it)
// Evaluations are kept at every multiple of `every` (25) steps while running.
export function trainerLoop(scope, coreReady, sliceMs) {
  var every = 25;
  var keep = 100;
  var core = null;
  var trainer = null;
  var running = false;
  var timer = null;

  function post(message) { scope.postMessage(message); }

  // The bytes move to the page (transferred, not copied).
  function checkpoint(step) {
    var bytes = trainer.save();
    scope.postMessage({ type: 'checkpoint', step: step, bytes: bytes }, [bytes.buffer]);
  }

  function report(result, ablation) {
    var evaluation = trainer.evaluate();
    post({ type: 'evaluation', evaluation: evaluation, result: result, running: running, ablation: Boolean(ablation) });
    return evaluation;
  }

  function slice() {
    timer = null;
    if (!running || !trainer) return;
    var start = Date.now();
    var result = null;
    do {
      result = trainer.step(1);
    } while (!result.stopped && result.step % every !== 0 && Date.now() - start < sliceMs);
    if (result.stopped) running = false;
    if (result.stopped || result.step % every === 0) report(result, false);
    if (!result.stopped && result.step % keep === 0) checkpoint(result.step);
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
  }

  var handlers = {
    create: function (m) {
      replace(function () { return core.createTrainer(m.options); }, false);
    },
    restore: function (m) {
      replace(function () { return core.loadTrainer(m.bytes); }, true);
    },
    run: function () {
      if (!trainer || running) return;
      running = true;
      timer = setTimeout(slice, 0);
    },
    pause: function () {
      pause();
      if (!trainer) return;
      checkpoint(report(null, false).step);
    },
    step: function (m) {
      if (!trainer || running) return;
      report(trainer.step(m.steps), false);
    },
    learningRate: function (m) {
      if (trainer) trainer.setLearningRate(m.value);
    },
    ablate: function (m) {
      if (!trainer) return;
      trainer.ablate(m.layer, m.head, m.off);
      report(null, true);
    },
  };

  scope.addEventListener('message', function (event) {
    var m = event.data;
    var handler = m && handlers[m.type];
    if (!handler || !core) return;
    try {
      handler(m);
    } catch (error) {
      post({ type: 'error', message: error && error.message ? error.message : String(error), field: m.field || 'run' });
    }
  });

  coreReady.then(function (c) {
    core = c;
    post({ type: 'ready' });
  }, function (error) {
    post({ type: 'failed', message: error && error.message ? error.message : String(error) });
  });
}
