// Reading a Chromium trace of a control's sweep (bench/browser.mjs): the main thread's
// CPU time, step by step, split into the work that stands between an input and its
// frame and the work the page deferred to idle time.
//
// The page marks each step (performance.mark('bench-step') before the input event, and
// 'bench-end' after the last frame) and each idle callback as it starts ('bench-idle',
// from markIdleCallbacks, installed before the page's scripts). A step's tasks are the
// main thread's tasks from the one holding its mark up to the one holding the next
// step's; the tasks holding a 'bench-idle' mark are idle work (run-ahead, checks after a
// quiet moment): the browser runs them when no input or frame is waiting, so they delay
// a frame only when one runs past the idle time it was given (longest idle task).
//
// Trace events ('toplevel' and 'blink.user_timing' categories): RunTask 'X' events with
// ts, dur and tdur (thread time) in microseconds; marks are 'I' events with ts.

// Runs in the page before its scripts.
export function markIdleCallbacks() {
  const native = window.requestIdleCallback?.bind(window);
  if (!native) return;
  window.requestIdleCallback = (fn, options) => native((deadline) => {
    performance.mark('bench-idle');
    return fn(deadline);
  }, options);
}

function mainThread(trace) {
  const main = trace.traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = (e) => e.pid === main.pid && e.tid === main.tid;
  const tasks = trace.traceEvents
    .filter((e) => e.ph === 'X' && on(e) && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask'))
    .sort((a, b) => a.ts - b.ts);
  const marks = (name) => trace.traceEvents.filter((e) => e.ph === 'I' && on(e) && e.name === name).map((e) => e.ts).sort((a, b) => a - b);
  return { tasks, marks };
}

// -> { total, steps: [{ frame, idle }] (ms of CPU a step), longestIdle (ms) }.
export function stepCpu(trace) {
  const { tasks, marks } = mainThread(trace);
  const idle = marks('bench-idle');
  const bounds = [...marks('bench-step'), ...marks('bench-end')];
  // The index of the task running at time ts (a mark is made inside a task).
  const taskAt = (ts) => {
    let k = tasks.length - 1;
    while (k > 0 && tasks[k].ts > ts) k--;
    return k;
  };
  const isIdle = (task) => idle.some((ts) => ts >= task.ts && ts <= task.ts + task.dur);
  const cpu = (task) => (task.tdur || 0) / 1000;
  const starts = bounds.map(taskAt);
  const steps = [];
  let longestIdle = 0;
  for (let s = 0; s + 1 < starts.length; s++) {
    const step = { frame: 0, idle: 0 };
    for (let k = starts[s]; k < starts[s + 1]; k++) {
      if (isIdle(tasks[k])) {
        step.idle += cpu(tasks[k]);
        longestIdle = Math.max(longestIdle, cpu(tasks[k]));
      } else step.frame += cpu(tasks[k]);
    }
    steps.push(step);
  }
  return { total: tasks.reduce((sum, e) => sum + cpu(e), 0), steps, longestIdle };
}
