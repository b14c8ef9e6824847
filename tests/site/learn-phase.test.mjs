// site/src/sections/learn-phase.js: the phases of section 13's run and what each allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHASES, initialState, next, allowed, training, statusOf } from '../../site/src/sections/learn-phase.js';

const walk = (events, from = initialState) => events.reduce(next, from);
const EVENTS = ['created', 'start', 'pause', 'target', 'hide', 'show', 'diverged', 'newRun', 'error', 'carryOn'];

test('the phases are the six documented ones, failed among them', () => {
  assert.deepEqual(PHASES, ['starting', 'idle', 'running', 'paused', 'stopped', 'failed']);
  assert.equal(initialState.phase, 'starting');
});

test('every event from every reachable state lands in a documented phase', () => {
  const seen = new Map([[JSON.stringify(initialState), initialState]]);
  const queue = [initialState];
  while (queue.length) {
    const s = queue.shift();
    for (const e of EVENTS) {
      const t = next(s, e);
      assert.ok(PHASES.includes(t.phase), `${s.phase} --${e}--> ${t.phase}`);
      const key = JSON.stringify(t);
      if (!seen.has(key)) { seen.set(key, t); queue.push(t); }
    }
  }
  assert.deepEqual(new Set([...seen.values()].map((s) => s.phase)), new Set(PHASES), 'each phase is reachable');
});

test('a run: created -> idle, Start -> running, Pause -> paused by the learner, Start goes on', () => {
  assert.equal(walk(['created']).phase, 'idle');
  assert.equal(walk(['created', 'start']).phase, 'running');
  assert.deepEqual(walk(['created', 'start', 'pause']), { phase: 'paused', pausedBy: 'learner', resume: false });
  assert.equal(walk(['created', 'start', 'pause', 'start']).phase, 'running');
  assert.equal(walk(['created', 'pause']).phase, 'idle', 'Pause means nothing before Start');
});

test('a run that reaches its step pauses itself, and Start goes on', () => {
  const s = walk(['created', 'start', 'target']);
  assert.deepEqual([s.phase, s.pausedBy], ['paused', 'target']);
  assert.equal(next(s, 'start').phase, 'running');
  assert.equal(next(s, 'show').phase, 'paused', 'coming into view does not restart a run that paused itself');
});

test('leaving the screen pauses a running run, and coming back resumes only that one', () => {
  const hidden = walk(['created', 'start', 'hide']);
  assert.deepEqual([hidden.phase, hidden.pausedBy], ['paused', 'hidden']);
  assert.equal(next(hidden, 'show').phase, 'running');
  const byLearner = walk(['created', 'start', 'pause', 'hide', 'show']);
  assert.deepEqual([byLearner.phase, byLearner.pausedBy], ['paused', 'learner'], 'a run the learner paused stays paused');
  assert.equal(walk(['created', 'hide', 'show']).phase, 'idle', 'an idle run does not start by being seen');
  const pausedWhileHidden = next(hidden, 'pause');
  assert.equal(next(pausedWhileHidden, 'show').phase, 'paused', 'Pause while out of view holds');
});

test('divergence stops the run until a new one; a trainer that cannot start fails', () => {
  const stopped = walk(['created', 'start', 'diverged']);
  assert.equal(stopped.phase, 'stopped');
  for (const e of ['start', 'pause', 'show', 'target']) assert.equal(next(stopped, e).phase, 'stopped', e);
  assert.equal(next(stopped, 'newRun').phase, 'starting');
  assert.equal(walk(['error']).phase, 'failed');
  assert.equal(walk(['created', 'error']).phase, 'idle', 'an error about an option keeps a working run');
  assert.equal(walk(['error', 'newRun', 'created']).phase, 'idle', 'a failed start can be retried');
});

test('a run carried on after its worker died resumes training only if it was training', () => {
  assert.equal(walk(['created', 'start', 'carryOn', 'created']).phase, 'running');
  assert.equal(walk(['created', 'start', 'hide', 'carryOn', 'created']).phase, 'running');
  assert.equal(walk(['created', 'start', 'pause', 'carryOn', 'created']).phase, 'idle');
  assert.equal(walk(['created', 'start', 'carryOn', 'newRun', 'created']).phase, 'idle', 'New run forgets the resume');
});

test('what each phase allows', () => {
  assert.deepEqual(allowed('starting'), { start: false, pause: false, step: false, restart: false, ablate: false });
  assert.deepEqual(allowed('idle'), { start: true, pause: false, step: true, restart: true, ablate: true });
  assert.deepEqual(allowed('running'), { start: false, pause: true, step: false, restart: true, ablate: true });
  assert.deepEqual(allowed('paused'), { start: true, pause: false, step: true, restart: true, ablate: true });
  assert.deepEqual(allowed('stopped'), { start: false, pause: false, step: false, restart: true, ablate: false });
  assert.deepEqual(allowed('failed'), { start: false, pause: false, step: false, restart: true, ablate: false });
  assert.deepEqual(PHASES.filter((p) => training({ phase: p })), ['running']);
});

test('the status says Paused, and why when the run or the screen paused it', () => {
  assert.equal(statusOf(walk(['created', 'start', 'pause'])), 'Paused');
  assert.match(statusOf(walk(['created', 'start', 'target'])), /^Paused at the step you chose/);
  assert.match(statusOf(walk(['created', 'start', 'hide'])), /^Paused while the section is out of view/);
  assert.equal(statusOf(walk(['created', 'start'])), 'Training');
  assert.throws(() => next(initialState, 'jump'), /unknown event 'jump'/);
});
