// Section 13, learn: a Transformer trained live. The trainer runs in a worker
// (or on the page in short slices, see ../worker/start.js); this module turns
// the controls into messages and the evaluations it gets back into figures
// (learn-figures.js), keeping a bounded history for the timeline
// (learn-history.js). Phases: starting -> idle -> running <-> paused -> stopped
// (diverged); a new seed, task or layer count (or New run) starts a new idle run.
// A worker that dies (an error event, or silence for QUIET_MS while it should be
// training) is replaced by training on the page itself, carried on from its last
// checkpoint (every 100 steps and on Pause); the mode line says so.
// The section's data-phase, data-mode, data-step, data-passed-step and
// data-drawing (present while figures are being redrawn) attributes say where
// it is (tests and bench/train.mjs read them).
import { bindControls } from '../ui/controls.js';
import { startTrainer, startOnPage, MODE_LABELS } from '../worker/start.js';
import { learnFigures, headName } from './learn-figures.js';
import { snapshotHistory } from './learn-history.js';
import { headSwitches } from './learn-ablation.js';
import { provideExerciseContext } from '../exercises/mount.js';

const FIELDS = ['seed', 'task', 'layers', 'learningRate'];
// The control an error message is about (the core names the option), else `fallback`.
const fieldOf = (message, fallback) => FIELDS.find((f) => message.includes(f)) || fallback;
const nats = (v) => v.toFixed(3);
// A running worker reports every 25 steps, well under a second here; this much silence means it died.
const QUIET_MS = 10000;

export default {
  id: 'learn',
  init(root, core) {
    const find = (name) => root.querySelector(`[data-learn="${name}"]`);
    const buttons = Object.fromEntries(['start', 'pause', 'step', 'restart'].map((a) => [a, root.querySelector(`[data-action="${a}"]`)]));
    const slider = root.querySelector('input[name="snapshot"]');
    const figures = learnFigures(root);
    const history = snapshotHistory();
    let runner = null;
    let phase = 'starting';
    let index = 0;
    let follow = true;
    let drawPending = false;
    let baseline = null; // the latest evaluation with every head in use
    let checkpoint = null; // { step, bytes } the run's latest save, to carry it on if its worker dies
    provideExerciseContext(root, { checkpoint: () => checkpoint }); // the exercises ask about this run
    let resume = false; // start training again once the carried-on run is restored
    let watchdog = 0;
    const clock = { total: 0, since: null };
    const seconds = () => (clock.total + (clock.since === null ? 0 : performance.now() - clock.since)) / 1000;
    const send = (message) => runner?.send(message);

    function setPhase(next) {
      phase = next;
      root.dataset.phase = next;
      const has = ['idle', 'running', 'paused', 'stopped'].includes(next);
      buttons.start.disabled = !['idle', 'paused'].includes(next);
      buttons.pause.disabled = next !== 'running';
      buttons.step.disabled = !['idle', 'paused'].includes(next);
      buttons.restart.disabled = next === 'starting';
      switches.enable(has && next !== 'stopped');
      listen();
    }

    // While a worker should be training, each message re-arms the watchdog.
    function listen() {
      clearTimeout(watchdog);
      if (phase === 'running' && runner && runner.mode !== 'page') watchdog = setTimeout(() => fallBack('it stopped answering'), QUIET_MS);
    }

    async function fallBack(why) {
      if (!runner || runner.mode === 'page') return;
      resume = phase === 'running';
      runner.stop();
      runner = null;
      clockRun(false);
      setPhase('starting');
      runner = await startOnPage(core, onMessage);
      root.dataset.mode = runner.mode;
      find('mode').textContent = `The training worker stopped (${why}). ${MODE_LABELS.page}, `
        + `carrying the run on from step ${checkpoint ? checkpoint.step : 0}.`;
      if (checkpoint) send({ type: 'restore', bytes: checkpoint.bytes, field: 'run' });
      else newRun();
    }

    function clockRun(on) {
      if (on && clock.since === null) clock.since = performance.now();
      if (!on && clock.since !== null) {
        clock.total += performance.now() - clock.since;
        clock.since = null;
      }
    }

    // Drawing follows the latest state: each animation frame runs one stage of
    // the figures (learn-figures.js); new data restarts the stages from the first.
    let stages = [];
    function drawStage() {
      const stage = stages.shift();
      if (stage) stage();
      if (stages.length) {
        requestAnimationFrame(drawStage);
        return;
      }
      drawPending = false;
      delete root.dataset.drawing;
    }
    function scheduleDraw() {
      const list = history.list;
      if (!list.length) return;
      index = follow ? list.length - 1 : Math.min(index, list.length - 1);
      slider.max = String(list.length - 1);
      slider.value = String(index);
      find('shown').textContent = String(list[index].step);
      stages = figures.stages(list, index, history.passed);
      if (drawPending) return;
      drawPending = true;
      root.dataset.drawing = 'true';
      requestAnimationFrame(drawStage);
    }

    function showProgress(e) {
      root.dataset.step = String(e.step);
      const passed = history.passed;
      if (passed) {
        root.dataset.passedStep = String(passed.step);
        root.dataset.passedSeconds = passed.seconds.toFixed(2);
      }
      find('progress').textContent = `Step ${e.step}: loss ${nats(e.loss)} nats (first copy ${nats(e.lossFirst)}, repeat ${nats(e.lossRepeat)}). `
        + (passed ? `An induction score first reached 0.4 at step ${passed.step} (head ${headName(passed)}), after ${passed.seconds.toFixed(1)} s of training here.`
          : 'No head has an induction score of 0.4 yet.');
    }

    // The readout also keeps both losses unrounded (data-loss-repeat, data-loss-baseline): early in
    // training a head's share can be below the 0.001 nats the text shows.
    function showAblation(e) {
      const readout = find('ablation-readout');
      const off = e.heads.filter((h) => h.ablated).map(headName);
      readout.dataset.lossRepeat = String(e.lossRepeat);
      readout.dataset.lossBaseline = baseline ? String(baseline.lossRepeat) : '';
      if (!off.length) {
        readout.textContent = `Every head in use: repeat loss ${nats(e.lossRepeat)} nats at step ${e.step}.`;
        return;
      }
      const was = baseline ? ` (${nats(baseline.lossRepeat)} with every head in use, at step ${baseline.step})` : '';
      readout.textContent = `With ${off.join(', ')} off: repeat loss ${nats(e.lossRepeat)} nats at step ${e.step}${was}.`;
    }

    function received(e) {
      if (!history.add(e, seconds())) {
        controls.error('run', `Step ${e.step} gave a number that is not finite; it is not drawn.`);
        return;
      }
      if (e.heads.every((h) => !h.ablated)) baseline = e;
      switches.update(e.heads);
      showProgress(e);
      showAblation(e);
      scheduleDraw();
    }

    function newRun() {
      checkpoint = null;
      clockRun(false);
      clock.total = 0;
      setPhase('starting');
      const s = controls.state;
      send({ type: 'create', field: 'run', options: { task: s.task, seed: s.seed, layers: Number(s.layers), learningRate: s.learningRate } });
    }

    const handlers = {
      created(m) {
        controls.clearErrors();
        if (m.restored) {
          history.rewind(m.evaluation.step);
        } else {
          history.clear();
          baseline = null;
          follow = true;
          delete root.dataset.passedStep;
          delete root.dataset.passedSeconds;
        }
        for (const el of root.querySelectorAll('[data-config]')) el.textContent = String(m.config[el.dataset.config]);
        setPhase('idle');
        received(m.evaluation);
        if (resume) start();
        resume = false;
      },
      checkpoint(m) {
        checkpoint = m;
      },
      evaluation(m) {
        received(m.evaluation);
        if (m.result?.stopped) {
          clockRun(false);
          setPhase('stopped');
          controls.error('run', `${m.result.message} Press New run to train again.`);
        }
      },
      error(m) {
        controls.error(fieldOf(m.message, m.field), m.message);
        if (phase === 'starting') setPhase('failed');
      },
    };

    function onControl(name, state) {
      if (name === 'snapshot') {
        index = state.snapshot;
        follow = index === history.list.length - 1;
        scheduleDraw();
      } else if (name === 'learningRate') {
        controls.error('learningRate', '');
        if (['idle', 'running', 'paused'].includes(phase)) send({ type: 'learningRate', value: state.learningRate, field: 'learningRate' });
      } else if (runner) {
        newRun();
      }
    }

    const controls = bindControls(root, onControl);
    const switches = headSwitches(find('ablation'), (layer, head, off) => {
      controls.error('ablate', '');
      send({ type: 'ablate', layer, head, off, field: 'ablate' });
    });
    function start() {
      controls.error('run', '');
      setPhase('running');
      clockRun(true);
      send({ type: 'run' });
    }
    const onMessage = (m) => {
      listen();
      handlers[m.type]?.(m);
    };
    buttons.start.addEventListener('click', start);
    buttons.pause.addEventListener('click', () => {
      clockRun(false);
      setPhase('paused');
      send({ type: 'pause' });
    });
    buttons.step.addEventListener('click', () => send({ type: 'step', steps: 1, field: 'run' }));
    buttons.restart.addEventListener('click', newRun);
    setPhase('starting');

    startTrainer(core, onMessage).then((started) => {
      runner = started;
      runner.onDeath = (why) => fallBack(`it reported “${why}”`);
      root.dataset.mode = started.mode;
      find('mode').textContent = `${started.label}.`;
      newRun();
    }, (error) => {
      find('mode').textContent = `The trainer could not start (${error.message}).`;
      setPhase('failed');
    });
  },
};
