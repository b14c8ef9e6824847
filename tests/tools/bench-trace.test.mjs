// bench/trace.mjs on hand-made traces: a step's tasks run from the task holding its mark
// to the one holding the next; tasks that ran an idle callback count as idle work, the
// rest as the step's way to its frame; other threads and events are left out.
import test from 'node:test';
import assert from 'node:assert/strict';
import { stepCpu } from '../../bench/trace.mjs';

const MAIN = { pid: 1, tid: 7 };
const thread = { name: 'thread_name', ph: 'M', ...MAIN, args: { name: 'CrRendererMain' } };
// A task from `at` lasting `ms` (wall) with `cpu` ms of thread time (microseconds in the trace).
const task = (at, ms, cpu = ms, where = MAIN) => ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', ...where, ts: at * 1000, dur: ms * 1000, tdur: cpu * 1000 });
const mark = (name, at) => ({ name, ph: 'I', ...MAIN, ts: at * 1000 });

test('each step gets the tasks from its mark to the next, idle callbacks apart', () => {
  const trace = {
    traceEvents: [
      thread,
      task(0, 10, 8), mark('bench-step', 1), // the input task of step 1 (its mark is inside it)
      task(12, 4), // step 1's frame
      task(20, 6, 5), mark('bench-idle', 21), // an idle callback after step 1's frame
      task(30, 2), mark('bench-step', 30.5), // step 2's input task
      task(33, 3),
      task(40, 1), mark('bench-end', 40.2), // the sweep's last wake-up: no step's
      task(12, 50, 50, { pid: 1, tid: 9 }), // another thread: never counted
      { name: 'Layout', ph: 'X', ...MAIN, ts: 12500, dur: 1000, tdur: 1000 }, // inside a task: not a task
    ],
  };
  const r = stepCpu(trace);
  assert.deepEqual(r.steps, [{ frame: 8 + 4, idle: 5 }, { frame: 2 + 3, idle: 0 }]);
  assert.equal(r.longestIdle, 5);
  assert.equal(r.total, 8 + 4 + 5 + 2 + 3 + 1);
});

test('a sweep with no idle callback has no idle work', () => {
  const trace = { traceEvents: [thread, task(0, 3), mark('bench-step', 0.5), task(5, 2), task(9, 1), mark('bench-end', 9.5)] };
  assert.deepEqual(stepCpu(trace), { total: 6, steps: [{ frame: 5, idle: 0 }], longestIdle: 0 });
});
