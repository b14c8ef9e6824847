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
// Out: { type: 'ready' } once the core has started | { type: 'failed', message }
//      { type: 'created', config, evaluation }
//      { type: 'evaluation', evaluation, result, running, ablation }
//        (result: the last StepResult or null; a stopped result carries the message)
//      { type: 'error', message, field }  (field: the control that caused it)
// Evaluations are kept at every multiple of `every` (25) steps while running.
export function trainerLoop(scope, coreReady, sliceMs) {
  var every = 25;
  var core = null;
  var trainer = null;
  var running = false;
  var timer = null;

  function post(message) { scope.postMessage(message); }

  function report(result, ablation) {
    post({ type: 'evaluation', evaluation: trainer.evaluate(), result: result, running: running, ablation: Boolean(ablation) });
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
    if (running) timer = setTimeout(slice, 0);
  }

  function pause() {
    running = false;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  var handlers = {
    create: function (m) {
      pause();
      if (trainer) trainer.dispose();
      trainer = null;
      trainer = core.createTrainer(m.options);
      post({ type: 'created', config: trainer.config, evaluation: trainer.evaluate() });
    },
    run: function () {
      if (!trainer || running) return;
      running = true;
      timer = setTimeout(slice, 0);
    },
    pause: function () {
      pause();
      if (trainer) report(null, false);
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
