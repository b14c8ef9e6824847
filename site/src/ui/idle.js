// whenIdle(fn, { timeout }): runs fn once the browser has nothing more urgent to do
// (requestIdleCallback; a 50 ms timer where there is none, as in Safari). For
// work a reader need not wait for: runs a later choice will need. With a timeout
// (ms), fn runs by then even if the page is never idle: a frame the browser does
// not render (an embed out of view, whose updates Chromium throttles) gets no idle time.
export function whenIdle(fn, { timeout } = {}) {
  if (!window.requestIdleCallback) return setTimeout(fn, 50);
  return window.requestIdleCallback(fn, timeout ? { timeout } : undefined);
}

// afterQuiet(fn, ms) -> a function that runs fn(...args) once it has not been called
// for `ms` ms, and then when the page is idle: for work a figure can print a moment
// later (a check under it) that would otherwise delay every frame of a dragged slider,
// since an idle callback that runs longer than the frame's idle time holds the next frame.
export function afterQuiet(fn, ms = 300) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => whenIdle(() => fn(...args)), ms);
  };
}
