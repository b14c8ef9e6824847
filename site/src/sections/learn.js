// Section 13, learn: a Transformer trained live. This module wires the page to
// three parts: the phase machine (learn-phase.js: starting, idle, running,
// paused, stopped, failed, and what each allows), the trainer's home
// (learn-runner.js: a worker, or the page itself when the worker dies) and the
// figures (learn-figures.js, from the bounded history of learn-history.js; the
// ablation study, learn-ablation.js). It turns controls into messages for the
// loop (../worker/loop.js) and the loop's messages into figures.
// A run trains at the chosen speed (steps per second) and pauses by itself at
// the chosen step; it pauses while the section is out of view or the tab is
// hidden, and goes on when seen again. A new run keeps the last run's repeat
// loss as a faint curve to compare with.
// The section's data-phase, data-mode, data-step, data-passed-step and
// data-drawing (present while figures are being redrawn) attributes say where
// it is (tests and bench/train.mjs read them).
import { bindControls } from '../ui/controls.js';
import { learnFigures, taskWords } from './learn-figures.js';
import { snapshotHistory } from './learn-history.js';
import { headSwitches, ablationStudy } from './learn-ablation.js';
import { showProgress, showAblation } from './learn-readouts.js';
import { initialState, next, allowed, training, statusOf } from './learn-phase.js';
import { trainerRunner } from './learn-runner.js';
import { provideExerciseContext } from '../exercises/lazy.js';

export default {
  id: 'learn',
  init(root, core) {
    const find = (name) => root.querySelector(`[data-learn="${name}"]`);
    const buttons = Object.fromEntries(['start', 'pause', 'step', 'restart'].map((a) => [a, root.querySelector(`[data-action="${a}"]`)]));
    const slider = root.querySelector('input[name="snapshot"]');
    const figures = learnFigures(root);
    const history = snapshotHistory();
    const study = ablationStudy(find('study'), find('study-summary'));
    let run = initialState;
    const view = { index: 0, follow: true, previous: null, words: taskWords('induction'), stage: [], drawing: false };
    const clock = { total: 0, since: null };
    const seconds = () => (clock.total + (clock.since === null ? 0 : performance.now() - clock.since)) / 1000;
    const visible = { section: true, tab: !document.hidden };

    function clockRun(on) {
      if (on && clock.since === null) clock.since = performance.now();
      if (!on && clock.since !== null) {
        clock.total += performance.now() - clock.since;
        clock.since = null;
      }
    }

    // Every change of phase goes through here: the buttons, switches, status and watchdog follow it.
    function go(event) {
      run = next(run, event);
      root.dataset.phase = run.phase;
      const may = allowed(run.phase);
      for (const [name, button] of Object.entries(buttons)) button.disabled = !may[name];
      switches.enable(may.ablate);
      find('status').textContent = `${statusOf(run)}.`;
      clockRun(training(run));
      runner.watch(training(run));
    }

    // Drawing follows the latest state: each animation frame runs one stage of
    // the figures (learn-figures.js); new data restarts the stages from the first.
    function drawStage() {
      const stage = view.stage.shift();
      if (stage) stage();
      if (view.stage.length) {
        requestAnimationFrame(drawStage);
        return;
      }
      view.drawing = false;
      delete root.dataset.drawing;
    }
    function scheduleDraw() {
      const list = history.list;
      if (!list.length) return;
      view.index = view.follow ? list.length - 1 : Math.min(view.index, list.length - 1);
      slider.max = String(list.length - 1);
      slider.value = String(view.index);
      find('shown').textContent = String(list[view.index].step);
      view.stage = figures.stages(list, view.index, history.passed,
        { until: controls.state.until, previous: view.previous, words: view.words });
      if (view.drawing) return;
      view.drawing = true;
      root.dataset.drawing = 'true';
      requestAnimationFrame(drawStage);
    }

    let latest = null; // the latest evaluation
    let baseline = null; // { step, lossRepeat } with every head in use
    function received(e) {
      if (!history.add(e, seconds())) {
        controls.error('run', `Step ${e.step} gave a number that is not finite; it is not drawn.`);
        return;
      }
      latest = e;
      if (e.heads.every((h) => !h.ablated)) baseline = { step: e.step, lossRepeat: e.lossRepeat };
      switches.update(e.heads);
      root.dataset.step = String(e.step);
      const { passed } = history;
      if (passed) {
        root.dataset.passedStep = String(passed.step);
        root.dataset.passedSeconds = passed.seconds.toFixed(2);
      }
      showProgress(find('progress'), e, passed, view.words);
      showAblation(find('ablation-readout'), e, baseline, view.words);
      scheduleDraw();
    }

    function newRun() {
      if (history.list.length > 1) view.previous = { list: history.list.slice(), words: view.words };
      runner.forget();
      clockRun(false);
      clock.total = 0;
      go('newRun');
      const s = controls.state;
      send({ type: 'create', field: 'run', options: { task: s.task, seed: s.seed, layers: Number(s.layers), learningRate: s.learningRate } });
    }

    // Training goes on at the chosen speed, up to the chosen step (if it is still ahead).
    function train() {
      const { speed, until } = controls.state;
      const step = Number(root.dataset.step || 0);
      send({ type: 'run', rate: Number(speed), until: until > step ? until : 0 });
    }
    function start() {
      controls.error('run', '');
      go('start');
      train();
    }
    function pause(event) {
      go(event);
      send({ type: 'pause' });
    }

    // Out of view (scrolled away, or the tab hidden): a running run pauses, and goes on when seen.
    function seen() {
      const now = visible.section && visible.tab;
      if (!now && training(run)) pause('hide');
      else if (now && run.phase === 'paused' && run.pausedBy === 'hidden') {
        go('show');
        train();
      }
    }

    const handlers = {
      created(m) {
        controls.clearErrors();
        if (m.restored) {
          history.rewind(m.evaluation.step);
        } else {
          history.clear();
          baseline = null;
          view.follow = true;
          view.words = taskWords(m.config.task);
          study.clear();
          delete root.dataset.passedStep;
          delete root.dataset.passedSeconds;
        }
        for (const el of root.querySelectorAll('[data-config]')) el.textContent = String(m.config[el.dataset.config]);
        const resume = run.resume;
        go('created');
        received(m.evaluation);
        if (resume) train();
      },
      evaluation(m) {
        received(m.evaluation);
        if (m.result?.stopped) {
          go('diverged');
          controls.error('run', `${m.result.message} Press New run to train again.`);
        } else if (m.reached) {
          go('target');
        }
      },
      study(m) {
        if (m.study.step === latest?.step) baseline = { step: m.study.step, lossRepeat: m.study.lossRepeat };
        study.update(m.study, view.words);
        if (latest) showAblation(find('ablation-readout'), latest, baseline, view.words);
      },
      error(m) {
        controls.fail({ field: m.option, message: m.message }, m.field);
        go('error');
      },
    };

    function onControl(name, state) {
      if (name === 'snapshot') {
        view.index = state.snapshot;
        view.follow = view.index === history.list.length - 1;
        scheduleDraw();
      } else if (name === 'learningRate') {
        controls.error('learningRate', '');
        if (['idle', 'running', 'paused'].includes(run.phase)) send({ type: 'learningRate', value: state.learningRate, field: 'learningRate' });
      } else if (name === 'speed') {
        if (training(run)) send({ type: 'speed', rate: Number(state.speed) });
      } else if (name === 'until') {
        if (training(run)) train();
        scheduleDraw();
      } else {
        newRun();
      }
    }

    const controls = bindControls(root, onControl);
    // Reset: no message of the old settings stays, and a run they stopped is replaced.
    controls.onReset(() => {
      controls.clearErrors();
      if (run.phase === 'stopped' || run.phase === 'failed') newRun();
    });
    const switches = headSwitches(find('ablation'), (layer, head, off) => {
      controls.error('ablate', '');
      send({ type: 'ablate', layer, head, off, field: 'ablate' });
    });
    const runner = trainerRunner(core, {
      onMessage: (m) => handlers[m.type]?.(m),
      onMode(mode, line) {
        root.dataset.mode = mode;
        find('mode').textContent = line;
      },
      onCarryOn: () => go('carryOn'),
      onCarriedOn: (restored) => { if (!restored) newRun(); },
    });
    const send = (message) => runner.send(message);
    provideExerciseContext(root, { checkpoint: () => runner.checkpoint }); // the exercises ask about this run
    buttons.start.addEventListener('click', start);
    buttons.pause.addEventListener('click', () => pause('pause'));
    buttons.step.addEventListener('click', () => send({ type: 'step', steps: 1, field: 'run' }));
    buttons.restart.addEventListener('click', newRun);
    go('newRun');

    if (typeof IntersectionObserver === 'function') {
      new IntersectionObserver(([entry]) => {
        visible.section = entry.isIntersecting;
        seen();
      }).observe(root);
    }
    document.addEventListener('visibilitychange', () => {
      visible.tab = !document.hidden;
      seen();
    });

    runner.start().then(newRun, (error) => {
      find('mode').textContent = `The trainer could not start (${error.message}).`;
      go('error');
    });
  },
};
