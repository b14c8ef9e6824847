// The phases of section 13's run, as a pure state machine (no DOM, no worker):
// learn.js sends it events and draws what it says. tests/site/learn-phase.test.mjs
// walks its transitions.
//
//   starting  a trainer is being made (first start, New run, a new seed, task or
//             layer count, or a run carried on after its worker died)
//   idle      a fresh run at step 0, not training
//   running   training
//   paused    not training, by the learner (Pause), by the run itself (it reached
//             the step it was told to pause at), or because the section left the
//             screen or the tab was hidden ('hidden': it goes on when seen again)
//   stopped   the training diverged; only New run trains again
//   failed    no trainer could be made (the message says why)
//
// State: { phase, pausedBy: null | 'learner' | 'target' | 'hidden', resume }.
// resume: a run carried on elsewhere goes on training once it is restored.
export const PHASES = ['starting', 'idle', 'running', 'paused', 'stopped', 'failed'];

export const initialState = Object.freeze({ phase: 'starting', pausedBy: null, resume: false });

const state = (phase, pausedBy = null, resume = false) => Object.freeze({ phase, pausedBy, resume });

// next(s, event) -> the state after event; an event that means nothing in s leaves s as it is.
//   created   the trainer is ready (a new run, or a carried-on one restored)
//   start     the learner pressed Start (or Step's run, none: Step keeps the phase)
//   pause     the learner pressed Pause
//   target    the run reached the step it was to pause at
//   hide      the section left the screen or the tab was hidden
//   show      it is in view again
//   diverged  the trainer stopped (loss not finite or far too high)
//   newRun    a new trainer is asked for (New run, seed, task, layers)
//   error     the trainer refused to start (while starting: failed; otherwise no change)
//   carryOn   the worker died; a trainer on the page takes the run on from its checkpoint
export function next(s, event) {
  const { phase } = s;
  switch (event) {
    case 'created':
      if (phase !== 'starting') return s;
      return s.resume ? state('running') : state('idle');
    case 'start':
      return phase === 'idle' || phase === 'paused' ? state('running') : s;
    case 'pause':
      if (phase === 'running') return state('paused', 'learner');
      return phase === 'paused' && s.pausedBy === 'hidden' ? state('paused', 'learner') : s;
    case 'target':
      return phase === 'running' ? state('paused', 'target') : s;
    case 'hide':
      return phase === 'running' ? state('paused', 'hidden') : s;
    case 'show':
      return phase === 'paused' && s.pausedBy === 'hidden' ? state('running') : s;
    case 'diverged':
      return ['idle', 'running', 'paused'].includes(phase) ? state('stopped') : s;
    case 'newRun':
      return state('starting');
    case 'error':
      return phase === 'starting' ? state('failed') : s;
    case 'carryOn':
      return state('starting', null, phase === 'running' || (phase === 'paused' && s.pausedBy === 'hidden'));
    default:
      throw new Error(`learn-phase: unknown event '${event}'`);
  }
}

// What the learner may do in a phase: the buttons and the head switches.
export function allowed(phase) {
  const trainable = phase === 'idle' || phase === 'paused';
  return {
    start: trainable,
    pause: phase === 'running',
    step: trainable,
    restart: phase !== 'starting',
    ablate: trainable || phase === 'running',
  };
}

// Whether the trainer should be training in this state.
export const training = (s) => s.phase === 'running';

// The status line's word for the state (the progress line says the rest).
export function statusOf(s) {
  switch (s.phase) {
    case 'starting': return 'Starting';
    case 'idle': return 'Ready';
    case 'running': return 'Training';
    case 'paused':
      if (s.pausedBy === 'target') return 'Paused at the step you chose; Start goes on';
      if (s.pausedBy === 'hidden') return 'Paused while the section is out of view';
      return 'Paused';
    case 'stopped': return 'Stopped';
    default: return 'Failed';
  }
}
